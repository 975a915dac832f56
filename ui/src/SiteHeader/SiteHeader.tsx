import type { HTMLAttributes, ReactNode } from 'react';
import { clsx } from 'clsx';
import styles from './SiteHeader.module.css';

export interface SiteHeaderProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** The brand, usually a link home wrapping a `BrandMark`. */
  brand: ReactNode;
  /** Primary navigation links (e.g. `Link variant="nav"` around router links), in order. */
  navigation?: ReactNode[];
  /** Accessible name of the navigation landmark, e.g. "Main". */
  navigationLabel: string;
  /** Tools on the right: language switcher, theme toggle, sign-in or the user menu. */
  actions?: ReactNode;
  /** A "skip to content" link shown on keyboard focus; `href` is the main region's fragment. */
  skipLink?: { href: string; label: string };
}

/**
 * The site's sticky top bar: brand, primary navigation and actions. On narrow screens the
 * navigation moves to a second row that scrolls sideways instead of hiding behind a menu.
 */
export function SiteHeader({ brand, navigation = [], navigationLabel, actions, skipLink, className, ...props }: SiteHeaderProps) {
  return (
    <header {...props} className={clsx(styles.header, className)}>
      {skipLink ? (
        <a className={styles.skip} href={skipLink.href}>
          {skipLink.label}
        </a>
      ) : null}
      <div className={styles.inner}>
        <div className={styles.brand}>{brand}</div>
        {navigation.length > 0 ? (
          <nav aria-label={navigationLabel} className={styles.nav}>
            <ul>
              {navigation.map((item, index) => (
                <li key={index}>{item}</li>
              ))}
            </ul>
          </nav>
        ) : null}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </header>
  );
}

export interface BrandMarkProps extends HTMLAttributes<HTMLSpanElement> {
  /** The site name (configuration, `SITE_NAME`); its first letter becomes the mark. */
  name: string;
}

/** The studio's mark: a cobalt square with the name's initial, followed by the name. */
export function BrandMark({ name, className, ...props }: BrandMarkProps) {
  return (
    <span {...props} className={clsx(styles.brandMark, className)}>
      <span className={styles.mark} aria-hidden="true">
        {name.trim().charAt(0).toUpperCase()}
      </span>
      <span className={styles.name}>{name}</span>
    </span>
  );
}
