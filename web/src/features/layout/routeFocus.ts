/**
 * Focus after a client-side navigation (A11Y-FOCUS): the single-page app changes pages without a
 * load, so a screen reader would stay silent and keyboard focus would stay on the link that went
 * away. After every change of path (not of query or fragment: a mode switch or "load more" stays
 * put) focus moves to the new page's main heading — the `h1` inside `<main>`, made focusable with
 * `tabIndex=-1` — which reads the page's name; a page still loading gets it as soon as its heading
 * appears (at most a few seconds later), else `<main>` itself. A page that focused a field of its own
 * (an autofocused form) keeps it. The window goes back to the top, as a page load would.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to show its heading before `<main>` gets focus instead. */
const WAIT_MS = 3000;

/** Whether the page already put focus where the user should type (it keeps it). */
function pageFocusedAField(main: HTMLElement): boolean {
  const active = document.activeElement;
  return !!active && main.contains(active) && active.matches('input, textarea, select, [contenteditable="true"]');
}

/** Focuses `main`'s first `h1` (or `main`); answers whether it found the heading. */
export function focusMainHeading(main: HTMLElement, fallback: boolean): boolean {
  const heading = main.querySelector<HTMLElement>('h1');
  const target = heading ?? (fallback ? main : null);
  if (!target) return false;
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus({ preventScroll: true });
  return !!heading;
}

/** Moves focus to the new page's heading after every client-side change of path (call it in the layout). */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return; // the first render: the browser placed focus itself
    previous.current = pathname;
    const main = document.getElementById('main');
    if (!main) return;
    window.scrollTo(0, 0);
    if (pageFocusedAField(main) || focusMainHeading(main, false)) return;
    // The page is still loading (Suspense): wait for its heading.
    const observer = new MutationObserver(() => {
      if (pageFocusedAField(main) || focusMainHeading(main, false)) stop();
    });
    const timer = setTimeout(() => {
      stop();
      if (!pageFocusedAField(main)) focusMainHeading(main, true);
    }, WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
