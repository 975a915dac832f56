/**
 * The user menu of an HTML-first document (NAV-USER-MENU, SITE-DELIVERY), without React: the
 * server renders a disclosure button and a list of links (features/layout/UserMenu.tsx,
 * `DocumentUserMenu`); this opens and closes it — the button toggles `aria-expanded`, Escape closes
 * it and returns focus to the button, a click or focus outside closes it — and, for a signed-in
 * visitor, reads `viewer` once per page (the persisted `UserMenuQuery`, with the session's token) to
 * show the name, the photo or initials and, for administrators, the back office. The last answer is
 * kept in this tab's sessionStorage so the next page shows the name at once.
 */
import { getInitials } from '@studio/ui/initials';

/** What the menu shows of the signed-in person. */
export interface MenuViewer {
  fullName: string;
  role: string | null;
  imageUrl: string | null;
}

const CACHE_KEY = 'studio.menuViewer';

/** The viewer the previous page read in this tab, or null. */
function cachedViewer(): MenuViewer | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(CACHE_KEY) ?? 'null') as MenuViewer | null;
    return value && typeof value.fullName === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Forgets the remembered viewer (sign-in or sign-out in any tab). */
export function forgetMenuViewer(): void {
  try {
    sessionStorage.removeItem(CACHE_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

/**
 * Reads the signed-in viewer; null when signed out or unreachable. The GraphQL client and the
 * token refresh load only here, for signed-in visitors, so a signed-out page's script stays small
 * (SITE-DELIVERY: home page JavaScript ≤ 25 KB gzip).
 */
async function readViewer(): Promise<MenuViewer | null> {
  try {
    const [{ GRAPHQL_URL, createFetchGraphQL }, { authorizedFetch }, { default: ViewerQuery }] = await Promise.all([
      import('../relay/network'),
      import('../session/authorizedFetch'),
      import('../features/layout/__generated__/UserMenuQuery.graphql'),
    ]);
    const fetchGraphQL = createFetchGraphQL({ url: GRAPHQL_URL, fetch: (input, init) => fetch(input, init), authorizedFetch });
    const answer = (await fetchGraphQL(ViewerQuery.params, {})) as {
      data?: { viewer?: { fullName: string; role?: string | null; image?: { url?: string | null } | null } | null } | null;
    };
    const viewer = answer.data?.viewer;
    return viewer ? { fullName: viewer.fullName, role: viewer.role ?? null, imageUrl: viewer.image?.url ?? null } : null;
  } catch {
    return null;
  }
}

/** Puts `viewer` into the menu of `root`: name, photo or initials, the back office for administrators. */
export function fillMenu(root: ParentNode, viewer: MenuViewer): void {
  for (const name of root.querySelectorAll<HTMLElement>('[data-user-name]')) name.textContent = viewer.fullName;
  for (const label of root.querySelectorAll<HTMLElement>('[data-user-label]')) label.textContent = viewer.fullName;
  for (const initial of root.querySelectorAll<HTMLElement>('[data-user-initial]')) {
    if (viewer.imageUrl) {
      const image = document.createElement('img');
      image.src = viewer.imageUrl;
      image.alt = '';
      initial.replaceChildren(image);
    } else initial.textContent = getInitials(viewer.fullName);
  }
  for (const item of root.querySelectorAll<HTMLElement>('[data-admin-only]')) item.hidden = viewer.role !== 'ADMIN';
}

/** Wires one document menu: open and close, keyboard and focus. */
function wireMenu(menu: HTMLElement): void {
  const button = menu.querySelector<HTMLButtonElement>('button[aria-controls]');
  const panel = button ? document.getElementById(button.getAttribute('aria-controls') ?? '') : null;
  if (!button || !panel) return;
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
  };
  button.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'));
  menu.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || panel.hidden) return;
    event.preventDefault();
    setOpen(false);
    button.focus();
  });
  menu.addEventListener('focusout', (event) => {
    if (!(event.relatedTarget instanceof Node) || !menu.contains(event.relatedTarget)) setOpen(false);
  });
  document.addEventListener('click', (event) => {
    if (event.target instanceof Node && !menu.contains(event.target)) setOpen(false);
  });
}

/** Wires every `[data-user-menu]` of `root`; with `signedIn`, fills in the viewer (remembered first, then read). */
export function startUserMenus(root: Document, signedIn: boolean): void {
  const menus = [...root.querySelectorAll<HTMLElement>('[data-user-menu]')];
  for (const menu of menus) wireMenu(menu);
  if (!signedIn || menus.length === 0) return;
  const cached = cachedViewer();
  if (cached) fillMenu(root, cached);
  void readViewer().then((viewer) => {
    if (!viewer) return;
    fillMenu(root, viewer);
    try {
      sessionStorage.setItem(CACHE_KEY, JSON.stringify(viewer));
    } catch {
      // Storage disabled: the next page reads it again.
    }
  });
}
