/**
 * The app's user menu itself (NAV-USER-MENU), loaded on its own after hydration so the Radix menu
 * and its positioning code stay out of the app's first bundle: the ui DropdownMenu, rendered inside
 * the header (so the open menu stays in its landmark), with the account's pages and Sign out.
 */
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '@studio/ui';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useLocalizePath } from '../../i18n/useLocale';
import { type MenuViewer, Trigger, USER_MENU_LINKS } from './UserMenuParts';
import styles from './UserMenu.module.css';

/** The menu for `viewer` (null: not known yet). */
export default function UserMenuView(props: { viewer: MenuViewer | null; onSignOut: () => void; busy?: boolean; focusOnMount?: RefObject<boolean> }) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { focusOnMount } = props;
  useEffect(() => {
    if (focusOnMount?.current) triggerRef.current?.focus();
  }, [focusOnMount]);
  const to = useLocalizePath();
  const admin = props.viewer?.role === 'ADMIN';
  // The open menu is rendered inside this element, so it stays in the header's landmark (axe `region`).
  const [anchor, setAnchor] = useState<HTMLSpanElement | null>(null);
  return (
    <span ref={setAnchor} className={styles.anchor}>
      <DropdownMenu
        trigger={<Trigger ref={triggerRef} viewer={props.viewer} aria-busy={props.busy || undefined} />}
        label={props.viewer?.fullName}
        container={anchor}
      >
        {USER_MENU_LINKS.filter((link) => !('admin' in link) || admin).map((link) => (
          <DropdownMenuItem key={link.path} asChild>
            <Link to={to(link.path)}>
              <FormattedMessage id={link.id} />
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={props.onSignOut} data-testid="user-menu-sign-out">
          <FormattedMessage id={props.busy ? 'nav.signingOut' : 'nav.signOut'} />
        </DropdownMenuItem>
      </DropdownMenu>
    </span>
  );
}
