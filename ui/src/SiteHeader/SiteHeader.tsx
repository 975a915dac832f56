import { type HTMLAttributes, type ReactNode, useEffect, useId, useRef } from 'react';
import { clsx } from 'clsx';
import { HEADER_MENU_ATTRIBUTE, wireHeaderMenu } from './menu';
import styles from './SiteHeader.module.css';

export interface SiteHeaderProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** The brand, usually a link home wrapping a `BrandMark`. */
  brand: ReactNode;
  /** Primary navigation links (e.g. `Link variant="nav"` around router links), in order. */
  navigation?: ReactNode[];
  /** Accessible name of the navigation landmark, e.g. "Main". */
  navigationLabel: string;
  /**
   * Tools on the right that stay in the bar at every width: theme toggle, sign-in or the user menu.
   * Keep them short: on a 320 px phone the bar holds the brand's mark, these and the menu button.
   */
  actions?: ReactNode;
  /**
   * Tools shown before `actions` on wide headers only (e.g. the compact language switcher); on a
   * narrow header `menuExtras` stand in for them inside the menu.
   */
  tools?: ReactNode;
  /**
   * Accessible name of the phone menu button (e.g. "Menu"). On a narrow header (≤ 760 px) the
   * navigation and `menuExtras` move behind this button; without a label they stay in the bar.
   */
  menuLabel?: string;
  /** Shown under the navigation in the phone menu only, e.g. the languages by their full names. */
  menuExtras?: ReactNode;
  /** A "skip to content" link shown on keyboard focus; `href` is the main region's fragment. */
  skipLink?: { href: string; label: string };
}

/**
 * The site's sticky top bar: brand, primary navigation, tools and actions. On a narrow header
 * (its own width ≤ 760 px, a container query, so it also holds inside a narrow frame) the brand
 * keeps its mark, the actions stay, and the navigation with `menuExtras` opens from a menu button
 * (≥ 44 px) below the bar. The button is the `<summary>` of a `<details>`, so the menu works
 * without script (HTML-first pages, SITE-DELIVERY); with script (`wireHeaderMenu`: this component's
 * effect in the app, the island on documents) it carries `aria-expanded` and closes on Escape, on a
 * click outside and on a followed link.
 */
export function SiteHeader({ brand, navigation = [], navigationLabel, actions, tools, menuLabel, menuExtras, skipLink, className, ...props }: SiteHeaderProps) {
  const panelId = useId();
  const menuRef = useRef<HTMLDetailsElement>(null);
  const hasMenu = !!menuLabel && (navigation.length > 0 || !!menuExtras);
  useEffect(() => (menuRef.current ? wireHeaderMenu(menuRef.current) : undefined), [hasMenu]);
  return (
    <header {...props} className={clsx(styles.header, className)} data-menu={hasMenu ? '' : undefined}>
      {skipLink ? (
        <a className={styles.skip} href={skipLink.href}>
          {skipLink.label}
        </a>
      ) : null}
      <div className={styles.inner}>
        <div className={styles.brand}>{brand}</div>
        {hasMenu ? (
          <details ref={menuRef} className={styles.menu} {...{ [HEADER_MENU_ATTRIBUTE]: '' }}>
            <summary aria-label={menuLabel} title={menuLabel} aria-controls={panelId}>
              <svg className={styles.menuIcon} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path data-icon="open" d="M4 7h16M4 12h16M4 17h16" />
                <path data-icon="close" d="M6 6l12 12M18 6L6 18" />
              </svg>
            </summary>
          </details>
        ) : null}
        <div id={panelId} className={styles.panel}>
          {navigation.length > 0 ? (
            <nav aria-label={navigationLabel} className={styles.nav}>
              <ul>
                {navigation.map((item, index) => (
                  <li key={index}>{item}</li>
                ))}
              </ul>
            </nav>
          ) : null}
          {hasMenu && menuExtras ? <div className={styles.menuExtras}>{menuExtras}</div> : null}
        </div>
        {tools || actions ? (
          <div className={styles.actions}>
            {tools ? <div className={styles.tools}>{tools}</div> : null}
            {actions}
          </div>
        ) : null}
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
