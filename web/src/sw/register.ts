/**
 * Registers the service worker `/sw.js` with scope `/` (SITE-SW, decision 0037) from any entry
 * (the SPA's entry-client and the islands of HTML-first pages): after the page's `load` event it
 * loads workbox-window on demand, registers, shows the localized "new version" prompt when a new
 * worker waits (updateFlow.ts) and asks the server for a new worker every `intervalMs` (the
 * build poll interval, SITE-BUILD) and when the tab becomes visible again.
 */
import { type UpdateTexts, readUpdateTexts, showUpdatePrompt } from './prompt';
import { type UpdateFlow, createUpdateFlow } from './updateFlow';

/** The worker's URL and scope (SITE-SW). */
export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';

export interface RegisterServiceWorkerOptions {
  /** The prompt's texts; default: the page's `#sw-update-texts` data block (SiteLayout), else English. */
  texts?: UpdateTexts;
  /** How often to look for a new worker, in ms (default 10 minutes, at least 1 second). */
  intervalMs?: number;
}

/**
 * Registers the worker when the browser supports service workers (does nothing otherwise, on the
 * server and in development). Answers a promise of the flow (null when not registered); registration errors are
 * reported with `console.warn` and never thrown, and a registration cut short by leaving the page is dropped quietly.
 */
export function registerServiceWorker(options: RegisterServiceWorkerOptions = {}): Promise<UpdateFlow | null> {
  // In development the server answers only the kill switch (api/src/ssr/serviceWorker.ts): nothing to register.
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || import.meta.env.DEV) return Promise.resolve(null);
  const loaded =
    document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(async () => {
    // The chunk can fail to arrive when the page is already being left (or a deploy removed it):
    // nothing to register then; the next page load tries again.
    const workboxWindow = await import('workbox-window').catch(() => null);
    if (!workboxWindow) return null;
    const { Workbox } = workboxWindow;
    const workbox = new Workbox(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
    const texts = options.texts ?? readUpdateTexts();
    const flow = createUpdateFlow({
      workbox,
      container: navigator.serviceWorker,
      showPrompt: (onReload) => showUpdatePrompt(texts, onReload),
      reload: () => location.reload(),
      storage: sessionStorage,
    });
    try {
      await workbox.register();
    } catch (error) {
      console.warn('Service worker registration failed', error);
      return null;
    }
    setInterval(() => void flow.checkForUpdate(), Math.max(1000, options.intervalMs ?? 10 * 60 * 1000));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void flow.checkForUpdate();
    });
    return flow;
  });
}
