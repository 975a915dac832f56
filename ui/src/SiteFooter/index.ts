export { SiteFooter, type SiteFooterColumn, type SiteFooterProps } from './SiteFooter';
