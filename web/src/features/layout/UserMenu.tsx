/**
 * The header's user menu in the single-page app (NAV-USER-MENU): for a signed-in person a ui
 * `DropdownMenu` whose trigger shows their avatar (or initials) and name — its accessible name ends
 * in "Account menu" — with Profile, Requests, Earnings, Payouts, the back office for administrators
 * (ADMIN-AREA) and Sign out. The viewer is read after hydration (the server renders account pages
 * without the user's data, SITE-PAGES); until then, or when it cannot be read, the trigger says
 * "Account". Signing out says so with a toast (FEEDBACK-TOAST) and goes to the home page
 * (AUTH-LOGOUT). The menu's code loads after hydration (UserMenuDropdown.tsx). HTML-first documents
 * have the same menu without React (islands/session.ts).
 */
import { Component, type ReactNode, Suspense, lazy, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { useHydrated } from '../../app/useHydrated';
import { useNotify } from '../../app/toasts';
import { useLocalizePath } from '../../i18n/useLocale';
import { useSession } from '../../session/SessionProvider';
import type { UserMenuQuery } from './__generated__/UserMenuQuery.graphql';
import { type MenuViewer, Trigger, TriggerLabel, USER_MENU_LINKS } from './UserMenuParts';
import styles from './UserMenu.module.css';

export { USER_MENU_LINKS, type MenuViewer };

const UserMenuDropdown = lazy(() => import('./UserMenuDropdown'));

/** The menu for `viewer` (null: not known yet); its button alone until the menu's code has loaded. */
export function UserMenuView(props: { viewer: MenuViewer | null; onSignOut: () => void; busy?: boolean }) {
  // Someone who reached the button before the menu's code arrived keeps their place on it (A11Y-FOCUS).
  const focused = useRef(false);
  const waiting = (
    <Trigger
      viewer={props.viewer}
      aria-haspopup="menu"
      aria-expanded={false}
      onFocus={() => (focused.current = true)}
      onBlur={() => (focused.current = false)}
    />
  );
  return (
    <Suspense fallback={waiting}>
      <UserMenuDropdown {...props} focusOnMount={focused} />
    </Suspense>
  );
}

const Query = graphql`
  query UserMenuQuery {
    viewer {
      id
      fullName
      role
      image {
        id
        url(size: SMALL)
      }
    }
  }
`;

function WithViewer(props: { onSignOut: () => void; busy: boolean }) {
  const data = useLazyLoadQuery<UserMenuQuery>(Query, {}, { fetchPolicy: 'store-or-network' });
  const viewer = data.viewer ? { fullName: data.viewer.fullName, role: data.viewer.role, imageUrl: data.viewer.image?.url } : null;
  return <UserMenuView viewer={viewer} onSignOut={props.onSignOut} busy={props.busy} />;
}

/** Falls back to the nameless menu when the viewer cannot be read (the menu still works). */
class Fallback extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('User menu: the viewer could not be read', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The signed-in header's user menu (render it only for a signed-in session). */
export function UserMenu() {
  const hydrated = useHydrated();
  const session = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const to = useLocalizePath();
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    await session.signOut();
    setBusy(false);
    notify('toast.signedOut', { tone: 'neutral' });
    navigate(to('/'));
  }
  const onSignOut = () => void signOut();
  const nameless = <UserMenuView viewer={null} onSignOut={onSignOut} busy={busy} />;
  // The server and the first render show the button alone (the same markup as the menu's trigger).
  if (!hydrated) return <Trigger viewer={null} aria-haspopup="menu" aria-expanded={false} />;
  return (
    <Fallback fallback={nameless}>
      <Suspense fallback={nameless}>
        <WithViewer onSignOut={onSignOut} busy={busy} />
      </Suspense>
    </Fallback>
  );
}

/**
 * The same menu on an HTML-first document (SITE-DELIVERY, NAV-USER-MENU), without React in the
 * browser: a disclosure button (`aria-expanded`, `aria-controls`) and a list of links with the
 * sign-out button, rendered alike for everyone. The session island (islands/session.ts) opens and
 * closes it (Escape closes it and returns focus to the button), fills in the person's name, initials
 * or photo and shows the back office for administrators.
 */
export function DocumentUserMenu() {
  const intl = useIntl();
  const to = useLocalizePath();
  const account = intl.formatMessage({ id: 'nav.account' });
  return (
    <div className={styles.documentMenu} data-user-menu="">
      <button type="button" className={styles.trigger} aria-expanded="false" aria-controls="user-menu-panel" data-testid="user-menu-trigger">
        <span className={styles.initial} data-user-initial="" aria-hidden>
          {account.slice(0, 1)}
        </span>
        <TriggerLabel name={account} document />
      </button>
      <ul id="user-menu-panel" className={styles.panel} hidden>
        <li className={styles.panelLabel} data-user-label="" aria-hidden />
        {USER_MENU_LINKS.map((link) => (
          <li key={link.path} hidden={'admin' in link ? true : undefined} data-admin-only={'admin' in link ? '' : undefined}>
            <a className={styles.panelItem} href={to(link.path)}>
              <FormattedMessage id={link.id} />
            </a>
          </li>
        ))}
        <li className={styles.separator} aria-hidden />
        <li>
          <button type="button" className={styles.panelItem} data-action="sign-out" data-busy-label={intl.formatMessage({ id: 'nav.signingOut' })}>
            <FormattedMessage id="nav.signOut" />
          </button>
        </li>
      </ul>
    </div>
  );
}

/**
 * A document's polite status line for what happened on the page before (FEEDBACK-TOAST): after the
 * session island signed out, the next page's island writes "You're signed out" here (the text is in
 * `data-signed-out`), and it goes after a few seconds.
 */
export function DocumentNotice() {
  const intl = useIntl();
  return <p role="status" className={styles.notice} data-document-notice="" data-signed-out={intl.formatMessage({ id: 'toast.signedOut' })} />;
}
