/**
 * @studio/ui — the Studio design system: presentational React components and design tokens.
 * No Relay and no react-intl inside: every text comes in as a prop. Importing the package loads
 * the tokens (with the shipped fonts) and the document base styles.
 */
import './tokens.css';
import './base.css';

export * from './Accordion';
export * from './AlertDialog';
export * from './Avatar';
export * from './Badge';
export * from './Button';
export * from './Callout';
export * from './Card';
export * from './Checkbox';
export * from './Container';
export * from './Dialog';
export * from './DropdownMenu';
export * from './Field';
export * from './Form';
export * from './Grid';
export * from './IconButton';
export * from './Link';
export * from './NativeSelect';
export * from './PasswordField';
export * from './Select';
export * from './SiteFooter';
export * from './SiteHeader';
export * from './Skeleton';
export * from './Spinner';
export * from './Stack';
export * from './Tabs';
export * from './TextField';
export * from './Textarea';
export * from './ThemeToggle';
export * from './Toast';
export * from './Typography';
export * from './VisuallyHidden';
