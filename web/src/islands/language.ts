/**
 * Language links on an HTML-first page (SITE-LOCALES, SITE-DELIVERY): following a link to the page
 * in another language (`a[hreflang]`, header menu or footer) stores that language as the visitor's
 * choice; the header's disclosure is wired like the phone menu (`@studio/ui/header-menu`): it closes
 * on a click outside it or on Escape (focus back on its summary), and its summary says whether it is open.
 */
import { wireHeaderMenu } from '@studio/ui/header-menu';
import { isLocale } from '../i18n/locales';
import { rememberLocale } from '../i18n/localeCookie';

/** Wires the language links and menus of `root`. */
export function startLanguageIsland(root: Document = document): void {
  for (const menu of root.querySelectorAll<HTMLDetailsElement>('details[data-island="language-menu"]')) wireHeaderMenu(menu);
  root.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[hreflang]') : null;
    if (link && isLocale(link.hreflang)) rememberLocale(link.hreflang);
  });
}
