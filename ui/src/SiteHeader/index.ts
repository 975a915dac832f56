export { BrandMark, type BrandMarkProps, SiteHeader, type SiteHeaderProps } from './SiteHeader';
