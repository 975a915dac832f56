/**
 * Language links on an HTML-first page (SITE-LOCALES, SITE-DELIVERY): following a link to the page
 * in another language (`a[hreflang]`, header menu or footer) stores that language as the visitor's
 * choice; the header's disclosure closes on a click outside it or on Escape (focus back on its summary).
 */
import { isLocale } from '../i18n/locales';
import { rememberLocale } from '../i18n/localeCookie';

/** Wires the language links and menus of `root`. */
export function startLanguageIsland(root: Document = document): void {
  const menus = [...root.querySelectorAll<HTMLDetailsElement>('details[data-island="language-menu"]')];
  root.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest<HTMLAnchorElement>('a[hreflang]');
    if (link && isLocale(link.hreflang)) rememberLocale(link.hreflang);
    for (const menu of menus) if (menu.open && !(target && menu.contains(target))) menu.open = false;
  });
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const menu of menus) {
      if (!menu.open) continue;
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  });
}
