export { ThemeToggle, type Theme, type ThemeToggleProps } from './ThemeToggle';
