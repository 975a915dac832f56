/**
 * The header's account actions on an HTML-first page (SESSION-TABS, AUTH-LOGOUT, SITE-DELIVERY):
 * the page is the same for everyone, so this island shows "Profile" / "Sign out" instead of
 * "Sign in" when the browser holds a session (the script-readable credentials cookie), follows
 * sign-ins and sign-outs of other tabs, and signs out like the app: the server ends the session
 * and clears its cookie, local credentials go whatever it answered, other tabs hear of it, and the
 * visitor lands on the home page of the page's language.
 */
import { emitAppEvent, onAppEvent } from '../app/events';
import { localeFromPath, localizePath } from '../i18n/locales';
import { logout } from '../session/authApi';
import { clearCredentials, hasSession, readCredentials } from '../session/cookies';
import { getDeviceToken } from '../session/deviceToken';

/** Shows the signed-in or signed-out variant of every `[data-session]` group. */
function show(root: Document, signedIn: boolean): void {
  for (const group of root.querySelectorAll<HTMLElement>('[data-session]')) group.hidden = (group.dataset.session === 'signed-in') !== signedIn;
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
  emitAppEvent({ type: 'sign-out' });
  location.assign(localizePath('/', localeFromPath(location.pathname)));
}

/** Wires the header's account actions of `root`. */
export function startSessionIsland(root: Document = document): void {
  const refresh = () => show(root, hasSession(root.cookie));
  refresh();
  for (const type of ['sign-in', 'sign-out', 'social-sign-in-done'] as const) onAppEvent(type, refresh);
  // A page restored from the back-forward cache may predate a sign-in or sign-out.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) refresh();
  });
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-action="sign-out"]')) button.addEventListener('click', () => void signOut(button));
}
