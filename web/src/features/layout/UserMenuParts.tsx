/**
 * The pieces of the header's user menu (NAV-USER-MENU) that the first bundle needs: its links and
 * the trigger, which is also what shows while the menu's own code (UserMenuDropdown.tsx) loads.
 */
import { Avatar, VisuallyHidden } from '@studio/ui';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styles from './UserMenu.module.css';

/** What the menu shows of the person; null while unknown. */
export interface MenuViewer {
  fullName: string;
  role?: string | null;
  imageUrl?: string | null;
}

/** The pages of the menu, in order (paths without locale prefix); `admin` ones only for administrators. */
export const USER_MENU_LINKS = [
  { path: '/profile', id: 'nav.profile' },
  { path: '/profile/requests', id: 'nav.requests' },
  { path: '/profile/earnings', id: 'nav.earnings' },
  { path: '/profile/payouts', id: 'payouts.link' },
  { path: '/admin', id: 'nav.admin', admin: true },
] as const;

/**
 * The trigger's words after the picture: the name (the document's island rewrites the element
 * marked `data-user-name`), ", Account menu" for assistive technology, and the chevron.
 */
export function TriggerLabel(props: { name: string; document?: boolean }) {
  return (
    <>
      <span className={styles.name} data-user-name={props.document ? '' : undefined}>
        {props.name}
      </span>
      <VisuallyHidden>
        {', '}
        <FormattedMessage id="nav.accountMenu" />
      </VisuallyHidden>
      <span className={styles.chevron} aria-hidden />
    </>
  );
}

type TriggerProps = ComponentPropsWithoutRef<'button'> & { viewer: MenuViewer | null };

/** The trigger: avatar or initials and the name (or "Account"), then "Account menu" for assistive technology. */
export const Trigger = forwardRef<HTMLButtonElement, TriggerProps>(function Trigger({ viewer, ...props }, ref) {
  const intl = useIntl();
  const name = viewer?.fullName ?? intl.formatMessage({ id: 'nav.account' });
  return (
    <button ref={ref} type="button" className={styles.trigger} data-testid="user-menu-trigger" {...props}>
      <Avatar src={viewer?.imageUrl ?? undefined} name={name} alt="" size="sm" aria-hidden />
      <TriggerLabel name={name} />
    </button>
  );
});
