/**
 * The header's account actions on an HTML-first page (SESSION-TABS, AUTH-LOGOUT, SITE-DELIVERY):
 * the page is the same for everyone, so this island shows the user menu (NAV-USER-MENU,
 * islands/userMenu.ts) instead of "Sign in" when the browser holds a session (the session marker
 * cookie, SESSION-COOKIES), follows sign-ins and sign-outs of other tabs, and signs out like the app:
 * the server ends the session and clears its cookie, local credentials go whatever it answered,
 * other tabs hear of it, and the visitor lands on the home page of the page's language, which says
 * "You're signed out" in a polite status line (FEEDBACK-TOAST: a flag in this tab's
 * sessionStorage). "Sign in" carries the page as `?next=` (AUTH-RETURN).
 */
import { emitAppEvent, onAppEvent } from '../app/events';
import { localeFromPath, localizePath } from '../i18n/locales';
import { logout } from '../session/authApi';
import { hasSession } from '../session/cookies';
import { clearCredentials, readCredentials } from '../session/credentials';
import { getDeviceToken } from '../session/deviceToken';
import { signInPath } from '../session/returnTo';
import { forgetMenuViewer, startUserMenus } from './userMenu';

const NOTICE_KEY = 'studio.notice';
/** How long the signed-out line stays (it is announced once, when it appears). */
const NOTICE_MS = 6000;

/** Shows the signed-in or signed-out variant of every `[data-session]` group. */
function show(root: Document, signedIn: boolean): void {
  for (const group of root.querySelectorAll<HTMLElement>('[data-session]')) group.hidden = (group.dataset.session === 'signed-in') !== signedIn;
}

/** Points every "Sign in" link of a signed-out group at /auth with this page as `?next=`. */
function returnHere(root: Document): void {
  const here = location.pathname + location.search;
  const href = localizePath(signInPath(here), localeFromPath(location.pathname));
  for (const link of root.querySelectorAll<HTMLAnchorElement>('[data-session="signed-out"] a[href]')) link.setAttribute('href', href);
}

/** Signs out from `button` (disabled meanwhile, showing its `data-busy-label`), then opens the home page. */
async function signOut(button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  if (button.dataset.busyLabel) button.textContent = button.dataset.busyLabel;
  try {
    await logout(getDeviceToken(), readCredentials()?.accessToken);
  } catch (error) {
    console.warn('Sign-out request failed; local data is cleared anyway.', error);
  }
  clearCredentials();
  forgetMenuViewer();
  emitAppEvent({ type: 'sign-out' });
  try {
    sessionStorage.setItem(NOTICE_KEY, 'signed-out');
  } catch {
    // Storage disabled: the home page just shows the signed-out header.
  }
  location.assign(localizePath('/', localeFromPath(location.pathname)));
}

/** Says what the previous page left to say (the sign-out) in the polite status line, once. */
function announceNotice(root: Document): void {
  let notice: string | null = null;
  try {
    notice = sessionStorage.getItem(NOTICE_KEY);
    sessionStorage.removeItem(NOTICE_KEY);
  } catch {
    return;
  }
  const line = root.querySelector<HTMLElement>('[data-document-notice]');
  if (notice !== 'signed-out' || !line?.dataset.signedOut) return;
  const text = line.dataset.signedOut;
  // Written after the live region is in the accessibility tree, so screen readers hear it.
  setTimeout(() => {
    line.textContent = text;
    setTimeout(() => (line.textContent = ''), NOTICE_MS);
  }, 150);
}

/** Wires the header's account actions of `root`. */
export function startSessionIsland(root: Document = document): void {
  const refresh = () => show(root, hasSession(root.cookie));
  refresh();
  returnHere(root);
  startUserMenus(root, hasSession(root.cookie));
  announceNotice(root);
  for (const type of ['sign-in', 'sign-out', 'social-sign-in-done'] as const)
    onAppEvent(type, () => {
      forgetMenuViewer();
      refresh();
    });
  // A page restored from the back-forward cache may predate a sign-in or sign-out.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) refresh();
  });
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-action="sign-out"]')) button.addEventListener('click', () => void signOut(button));
}
