/// <reference lib="webworker" />
/**
 * The service worker at `/sw.js`, scope `/` (SITE-SW, decision 0037), built by vite-plugin-pwa
 * (injectManifest) from this file:
 * - precaches this build's hashed assets (JS, CSS, fonts under `/assets/`) and the three offline
 *   pages (`/offline`, `/ru/offline`, `/es/offline`, revisioned by the build id), and answers
 *   asset requests from that cache;
 * - documents are network-only (with navigation preload); only when a navigation fails does it
 *   answer the offline page of the URL's locale. No other HTML and nothing under `/api/` is ever
 *   answered from a cache (those requests are not even intercepted);
 * - a new worker installs and waits until a page posts `{ type: 'SKIP_WAITING' }` (the "Reload"
 *   of the update prompt, register.ts); the first worker of a browser claims open pages at once.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { offlineUrlFor } from './offline';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The message a page posts to let the waiting worker take over (workbox-window `messageSkipWaiting`). */
const SKIP_WAITING = 'SKIP_WAITING';

// Navigations first: a route registered earlier wins, so `/offline` itself never comes from the precache.
const network = new NetworkOnly();
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      return await network.handle(options);
    } catch {
      return (await matchPrecache(offlineUrlFor(options.url.pathname))) ?? Response.error();
    }
  }),
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

self.addEventListener('activate', (event) => {
  // Navigation preload: the document request starts while the worker boots (no added latency).
  event.waitUntil(self.registration.navigationPreload?.enable() ?? Promise.resolve());
});

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === SKIP_WAITING) void self.skipWaiting();
});
