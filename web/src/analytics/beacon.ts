/**
 * The browser side of first-party analytics (ANALYTICS-BEACON, decision 0036): a page view of a
 * client-side navigation is sent with `navigator.sendBeacon` to `POST /api/analytics/view` as
 * text/plain JSON `{ path, referrer? }` (a CORS-safelisted type: no preflight). Nothing is sent
 * when the visitor asks not to be tracked (`navigator.doNotTrack === '1'`, Global Privacy Control)
 * or the page was not rendered with analytics on (`<html data-analytics="on">`, production only).
 * The first load of a page is counted by the server; only later navigations call this.
 */

/** The beacon's address. */
export const BEACON_URL = '/api/analytics/view';

/** The privacy signals `navigator` may carry (GPC is not in TypeScript's DOM types yet). */
interface PrivacyNavigator {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
  sendBeacon?: (url: string, data?: BodyInit | null) => boolean;
}

/** Whether page views may be sent from this page (analytics on, no DNT, no GPC). */
export function analyticsAllowed(): boolean {
  if (typeof navigator === 'undefined' || typeof document === 'undefined') return false;
  const nav = navigator as PrivacyNavigator;
  if (nav.doNotTrack === '1' || nav.globalPrivacyControl === true) return false;
  return document.documentElement.dataset['analytics'] === 'on';
}

/**
 * Sends one page view of `path` (the address's path and query, e.g. `/ru/order?ref=CODE`) and the
 * optional `referrer`. Never throws; returns whether a beacon was queued.
 */
export function sendPageView(path: string, referrer?: string): boolean {
  try {
    if (!analyticsAllowed()) return false;
    const nav = navigator as PrivacyNavigator;
    if (typeof nav.sendBeacon !== 'function') return false;
    const body = JSON.stringify(referrer ? { path, referrer } : { path });
    return nav.sendBeacon.call(navigator, BEACON_URL, new Blob([body], { type: 'text/plain;charset=UTF-8' }));
  } catch {
    return false;
  }
}

/** What `countSpeculativeLoad` reads of `document` and `performance` (Chromium's speculation fields). */
interface SpeculationDocument {
  prerendering?: boolean;
  addEventListener(type: 'prerenderingchange', listener: () => void, options?: { once?: boolean }): void;
}

/**
 * Counts a page the server could not count because the browser loaded it speculatively
 * (ANALYTICS-EXCLUDE leaves prefetch and prerender requests out): a prerendered page sends its view
 * when it is activated (`prerenderingchange`), a page served from a navigational prefetch sends it
 * now. Does nothing for an ordinary load. Call once when a page starts (the app and the islands).
 */
export function countSpeculativeLoad(): void {
  try {
    const doc = document as unknown as SpeculationDocument;
    const here = () => location.pathname + location.search;
    if (doc.prerendering) {
      doc.addEventListener('prerenderingchange', () => sendPageView(here(), document.referrer || undefined), { once: true });
      return;
    }
    const [entry] = performance.getEntriesByType('navigation') as (PerformanceEntry & { deliveryType?: string })[];
    if (entry?.deliveryType === 'navigational-prefetch') sendPageView(here(), document.referrer || undefined);
  } catch {
    // counting never breaks a page
  }
}

/** The router state `trackNavigations` reads (React Router's `router.state`). */
interface RouterLike {
  state: { location: { pathname: string; search: string }; navigation: { state: string } };
  subscribe(listener: (state: RouterLike['state']) => void): () => void;
}

/**
 * Sends a page view whenever `router` settles on a new pathname (a client navigation; not the
 * first load, which the server counted; not a change of the query alone).
 * @returns the unsubscribe function.
 */
export function trackNavigations(router: RouterLike): () => void {
  let last = router.state.location.pathname;
  return router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.pathname === last) return;
    last = state.location.pathname;
    sendPageView(state.location.pathname + state.location.search);
  });
}
