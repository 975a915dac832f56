/**
 * The phone header's menu (a `<details>` whose `<summary>` is the menu button) with script: the
 * button's `aria-expanded` follows the menu, Escape closes it and puts focus back on the button, a
 * click outside the header or on a link in the menu closes it (the app navigates without a page
 * load). Plain DOM, no React, so the same code runs in `SiteHeader` (the app) and in the HTML-first
 * pages' island, which import it as `@studio/ui/header-menu`. Without script the disclosure still
 * opens and closes (the summary's native expanded state).
 */

/** The attribute that marks the header menu's `<details>`. */
export const HEADER_MENU_ATTRIBUTE = 'data-header-menu';

/** Wires one header menu; returns a function that undoes it. */
export function wireHeaderMenu(menu: HTMLDetailsElement): () => void {
  const button = menu.querySelector('summary');
  if (!button) return () => {};
  const doc = menu.ownerDocument;
  const panel = doc.getElementById(button.getAttribute('aria-controls') ?? '');
  const inside = (target: EventTarget | null) => target instanceof Node && (menu.contains(target) || !!panel?.contains(target));
  const show = () => button.setAttribute('aria-expanded', String(menu.open));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menu.open) return;
    menu.open = false;
    show();
    button.focus();
  };
  const onClick = (event: MouseEvent) => {
    if (!menu.open) return;
    const target = event.target instanceof Element ? event.target : null;
    if (!inside(target) || (target?.closest('a[href]') && panel?.contains(target))) {
      menu.open = false;
      show();
    }
  };
  show();
  menu.addEventListener('toggle', show);
  doc.addEventListener('keydown', onKeyDown);
  doc.addEventListener('click', onClick);
  return () => {
    menu.removeEventListener('toggle', show);
    doc.removeEventListener('keydown', onKeyDown);
    doc.removeEventListener('click', onClick);
  };
}

/** Wires every header menu of `root` (the HTML-first pages' island). */
export function wireHeaderMenus(root: Document = document): void {
  for (const menu of root.querySelectorAll<HTMLDetailsElement>(`details[${HEADER_MENU_ATTRIBUTE}]`)) wireHeaderMenu(menu);
}
