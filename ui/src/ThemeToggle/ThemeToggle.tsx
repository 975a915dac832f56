import { MoonIcon, SunIcon } from '@radix-ui/react-icons';
import type { ButtonHTMLAttributes } from 'react';
import { clsx } from 'clsx';
import styles from './ThemeToggle.module.css';

/** The two themes of tokens.css. */
export type Theme = 'light' | 'dark';

export interface ThemeToggleProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'aria-checked' | 'role'> {
  /** The theme in effect now (the app resolves "system" to light or dark before passing it). */
  theme: Theme;
  /** Called with the other theme when the user flips the switch. */
  onThemeChange: (theme: Theme) => void;
  /** Accessible name of the switch, e.g. "Dark theme"; it is on (`aria-checked`) while dark is in effect. */
  label: string;
  /** `sm` 32 px or `md` 44 px (default). */
  size?: 'sm' | 'md';
}

/**
 * A switch between the light and the dark theme: a `role="switch"` button whose state is "dark is
 * on". Presentational: persisting the choice and telling other tabs is the app's job. Everything
 * that shows the state follows `aria-checked` and `data-theme-state`, so a script may flip those alone.
 */
export function ThemeToggle({ theme, onThemeChange, label, size = 'md', className, onClick, ...props }: ThemeToggleProps) {
  const dark = theme === 'dark';
  return (
    <button
      {...props}
      type="button"
      role="switch"
      aria-checked={dark}
      aria-label={label}
      title={label}
      data-theme-state={theme}
      data-size={size}
      className={clsx(styles.toggle, className)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onThemeChange(dark ? 'light' : 'dark');
      }}
    >
      <span className={styles.track} aria-hidden="true">
        {/* Both icons, the state's shown by CSS: a script without React (an island) flips `data-theme-state` alone. */}
        <span className={styles.thumb}>
          <MoonIcon data-icon="dark" />
          <SunIcon data-icon="light" />
        </span>
      </span>
    </button>
  );
}
