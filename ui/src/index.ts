/**
 * @studio/ui — the Studio design system: presentational React components and design tokens.
 * No Relay and no react-intl inside: every text comes in as a prop.
 */
import './tokens.css';
import './base.css';

export * from './Button';
export * from './Container';
export * from './SiteFooter';
export * from './SiteHeader';
export * from './Spinner';
export * from './TextField';
export * from './ThemeToggle';
