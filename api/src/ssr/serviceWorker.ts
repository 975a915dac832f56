/**
 * `GET /sw.js` (SITE-SW, decision 0037): the site's service worker, scope `/`.
 * - With `SERVICE_WORKER=on` (the default) it is the built worker `web/dist/client/sw.js`, read from
 *   disk on every request (like `/_build/latest.json`), so a build written under a running server is
 *   what the browser's next update check finds.
 * - With `SERVICE_WORKER=off`, in development (Vite serves no built worker) and when no worker is
 *   built, it is the kill switch `KILL_SWITCH_WORKER`: a worker that replaces the installed one at
 *   once, deletes the caches, unregisters itself and reloads the pages it took over.
 * Headers: `content-type: text/javascript; charset=utf-8`, `cache-control: no-cache` (the browser
 * revalidates on every update check), `Service-Worker-Allowed: /`, and an ETag from the file's
 * size and time (a 304 when unchanged).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config.js';

/** The self-unregistering worker answered when the service worker is switched off (SITE-SW). */
export const KILL_SWITCH_WORKER = `// Service worker switched off (SITE-SW): this worker removes itself.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    await self.registration.unregister();
    await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
    const pages = await self.clients.matchAll({ type: 'window' });
    await Promise.all(pages.map((page) => page.navigate(page.url).catch(() => null)));
  })());
});
`;

/** Registers `GET /sw.js`; `viteDev` (pnpm dev) always answers the kill switch. */
export function registerServiceWorkerRoute(app: FastifyInstance, opts: { config: Pick<Config, 'webDistDir' | 'serviceWorker'>; viteDev?: boolean }): void {
  const file = join(opts.config.webDistDir, 'client', 'sw.js');
  const enabled = opts.config.serviceWorker && !opts.viteDev;
  app.get('/sw.js', (request, reply) => {
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').header('service-worker-allowed', '/');
    if (!enabled || !existsSync(file)) return reply.header('etag', '"sw-off"').send(KILL_SWITCH_WORKER);
    const { size, mtimeMs } = statSync(file);
    const etag = `"sw-${size.toString(36)}-${Math.round(mtimeMs).toString(36)}"`;
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(readFileSync(file));
  });
}
