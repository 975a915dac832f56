/**
 * Serves the web app: hashed assets from `web/dist/client` (immutable, precompressed) and every
 * other GET that no route claimed, server-rendered by the web app's server entry (the contract of
 * `@studio/site/ssr`). Anonymous requests, and every request for a document (SITE-DELIVERY), go
 * through the page cache (`pageCache.ts`, SITE-CACHE): one render per key at a time, public pages
 * stored compressed, dropped by the content changes that touch them (`pageKeys.ts`), and once sent
 * answered before Fastify (`fastPath.ts`). Signed-in requests for app pages render every time. Also
 * the Speculation Rules (`speculation.ts`) and `/sw.js` (`serviceWorker.ts`). In development (`viteDev`),
 * Vite's middleware serves modules with hot reload, the entry is loaded through `ssrLoadModule`
 * and nothing is cached.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { LOCALE_COOKIE, REFRESH_COOKIE, SESSION_COOKIES, THEME_COOKIE } from '@studio/site/cookies';
import { isLocale } from '@studio/site/locales';
import { hasSecretInUrl, isAdminPath, isHtmlFirstPath } from '@studio/site/pages';
import type { PageAssets, RenderRequest, ServerEntry } from '@studio/site/ssr';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../platform/config.js';
import type { ContentChange } from '../platform/graphql/pubsub.js';
import type { GraphQLServer } from '../graphql/server.js';
import { cspNonce } from '../platform/security/headers.js';
import { assetsFromManifest } from './assets.js';
import { pageEncoding } from './encoding.js';
import { type DocumentFastPath, wireAnswersOf } from './fastPath.js';
import { isBot, rootRedirect } from './locale.js';
import { type CachedPage, type FlightAnswer, PageBody, PageCache, type PageCoding } from './pageCache.js';
import { isStoredTarget, pageCacheKey, pagePathOf, pagesShowing } from './pageKeys.js';
import { registerServiceWorkerRoute } from './serviceWorker.js';
import { registerSpeculationRules, SPECULATION_RULES_HEADER } from './speculation.js';

export { pageEncoding };

/** Shown only when rendering itself failed (the app's own 500 page could not be rendered). */
const FALLBACK_ERROR_PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Internal Server Error</title></head>' +
  '<body style="font-family:system-ui,sans-serif;padding:32px"><main><h1>Internal Server Error</h1><p><a href="/">Home</a></p></main></body></html>';

/** The request's cookies as parsed by @fastify/cookie. */
function requestCookies(request: FastifyRequest): Record<string, string | undefined> {
  return (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies ?? {};
}

function isSignedIn(request: FastifyRequest): boolean {
  const cookies = requestCookies(request);
  return SESSION_COOKIES.some((name) => !!cookies[name]);
}

export interface SsrHandle {
  /** Drops the cached pages that show what `change` changed, in every process that hears it (SITE-CACHE). */
  invalidate(change: ContentChange): void;
  /** The page cache (its counters and test seams). */
  pages: PageCache;
  /** The fast path that answers stored pages before Fastify, when the app has one. */
  fastPath: DocumentFastPath | null;
  close(): Promise<void>;
}

/** Registers static assets and the page renderer. */
export async function registerSsr(
  app: FastifyInstance,
  // `roleOf`: the role of a refresh token's live session, or null (auth/sessions.ts; ADMIN-AREA).
  opts: {
    config: Config;
    graphql: GraphQLServer;
    authProviders: RenderRequest['authProviders'];
    viteDev?: boolean;
    roleOf?: (refreshToken: string) => Promise<string | null>;
    /** Answers stored pages before Fastify (fastPath.ts); the page cache is attached to it here. */
    fastPath?: DocumentFastPath;
    /** The catalogue's product slugs: `/order?product=<slug>` renders are stored for these only. */
    productSlugs: ReadonlySet<string>;
  },
): Promise<SsrHandle> {
  const { config, graphql } = opts;
  const clientDir = join(config.webDistDir, 'client');
  const pages = new PageCache(opts.viteDev ? 0 : config.pageCacheMaxEntries, config.pageCacheMaxAgeSeconds);
  opts.fastPath?.attach(pages);
  registerSpeculationRules(app);
  // Stored pages sent by Fastify whose headers the fast path has yet to learn: recorded as they leave.
  const recordHeaders = new WeakMap<FastifyRequest, CachedPage>();
  app.addHook('onSend', async (request, reply, payload) => {
    const page = recordHeaders.get(request);
    if (page && page.wire === undefined && reply.statusCode === 200) page.wire = wireAnswersOf(reply.getHeaders(), page);
    return payload;
  });
  let loadEntry: (url: string) => Promise<{ entry: ServerEntry; assets: PageAssets }>;
  let closeDev = async () => {};

  if (opts.viteDev) {
    const webRoot = resolve(config.webDistDir, '..');
    const { createServer } = await import('vite');
    const vite = await createServer({ root: webRoot, server: { middlewareMode: true, hmr: { port: config.port + 20000 } }, appType: 'custom' });
    const middie = (await import('@fastify/middie')).default;
    await app.register(middie);
    app.use((req, res, next) => {
      const url = req.url ?? '';
      if (url.startsWith('/api/')) return next();
      vite.middlewares(req, res, next);
    });
    loadEntry = async (url) => {
      const entry = (await vite.ssrLoadModule('/src/entry-server.tsx')) as ServerEntry;
      const shell = await vite.transformIndexHtml(url, '<html><head></head><body></body></html>');
      const devHead = /<head>([\s\S]*)<\/head>/.exec(shell)?.[1] ?? '';
      const islands = { main: { script: '/src/islands/main.ts', preloads: [] }, order: { script: '/src/islands/order.tsx', preloads: [] } };
      return { entry, assets: { scripts: ['/src/entry-client.tsx'], styles: [], preloads: [], devHead, islands } };
    };
    closeDev = () => vite.close();
  } else {
    const entryFile = join(config.webDistDir, 'server', 'entry-server.js');
    const manifestFile = join(clientDir, '.vite', 'manifest.json');
    if (!existsSync(entryFile) || !existsSync(manifestFile)) {
      throw new Error(`The web app is not built (${entryFile} missing): run \`pnpm build\` (or \`pnpm start\`, which builds it).`);
    }
    const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
    const assets = assetsFromManifest(manifestFile);
    loadEntry = async () => ({ entry, assets });
    await app.register(fastifyStatic, {
      root: join(clientDir, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      preCompressed: true,
      index: false,
    });
  }

  // Small files answered from memory; in development they change, so they are read each time.
  const files = new Map<string, Buffer | null>();
  const readSmallFile = (file: string): Buffer | null => {
    if (opts.viteDev) return existsSync(file) ? readFileSync(file) : null;
    if (!files.has(file)) files.set(file, existsSync(file) ? readFileSync(file) : null);
    return files.get(file) ?? null;
  };

  // Locale messages of each site locale (SITE-LOCALES), cached 24 hours.
  const messagesDir = opts.viteDev ? join(config.webDistDir, '..', 'public', '_i18n') : join(clientDir, '_i18n');
  app.get<{ Params: { locale: string } }>('/_i18n/:locale/messages.json', (request, reply) => {
    const { locale } = request.params;
    const body = isLocale(locale) ? readSmallFile(join(messagesDir, locale, 'messages.json')) : null;
    if (!body) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No messages for locale ${locale}` } });
    return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=86400').send(body);
  });

  // Build descriptors (SITE-BUILD): `latest.json` names the deployed build and is read from disk on
  // every request, so a build written under a running server is noticed; `<id>.json` lists a build's files.
  const buildDir = join(clientDir, '_build');
  app.get<{ Params: { file: string } }>('/_build/:file', (request, reply) => {
    const { file } = request.params;
    const path = /^[\w-]+\.json$/.test(file) ? join(buildDir, file) : null;
    if (!path || !existsSync(path)) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No build descriptor ${file}` } });
    const latest = file === 'latest.json';
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', latest ? 'no-cache' : 'public, max-age=86400')
      .send(latest ? readFileSync(path) : readSmallFile(path));
  });

  registerServiceWorkerRoute(app, { config, viteDev: opts.viteDev });

  // The link-preview image of every page (Open Graph, Twitter card): 1200×630 PNG.
  app.get('/og-image.png', (_request, reply) => {
    const body = readSmallFile(opts.viteDev ? join(config.webDistDir, '..', 'public', 'og-image.png') : join(clientDir, 'og-image.png'));
    if (!body) return reply.status(404).send();
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(body);
  });

  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));
  app.get('/favicon.svg', (_request, reply) => {
    const file = opts.viteDev ? join(config.webDistDir, '..', 'public', 'favicon.svg') : join(clientDir, 'favicon.svg');
    const body = readSmallFile(file);
    if (!body) return reply.status(404).send();
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(body);
  });

  /** Sends `html` with `status` in the coding the client prefers; `coded` gives the compressed body. */
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    html: Buffer,
    coded: (coding: PageCoding) => Buffer | Promise<Buffer>,
  ) => {
    const encoding = pageEncoding(request.headers['accept-encoding']);
    reply.status(status).type('text/html; charset=utf-8');
    if (!reply.hasHeader('vary')) reply.header('vary', 'Accept-Encoding, Cookie');
    // Documents prerender their links on intent (SITE-DELIVERY); the rules never change per request.
    if (isHtmlFirstPath(request.url.split('?')[0] ?? '/')) reply.header('speculation-rules', SPECULATION_RULES_HEADER);
    if (encoding === 'identity') return reply.send(html);
    return reply.header('content-encoding', encoding).send(await coded(encoding));
  };

  // The last resort when rendering itself failed (page errors render the localized error page inside the app).
  const sendRenderFailure = (reply: FastifyReply, bot: boolean) =>
    reply
      .status(500)
      .type('text/html; charset=utf-8')
      .send(bot ? '' : FALLBACK_ERROR_PAGE);

  /** Renders `request` (the theme and session come from its cookies). Throws when the entry does. */
  const renderPage = async (request: FastifyRequest, reply: FastifyReply, signedIn: boolean) => {
    const loaded = await loadEntry(request.url);
    // Administrators' pages answer 404 to everyone else already on the server (ADMIN-AREA).
    const refreshToken = requestCookies(request)[REFRESH_COOKIE];
    const viewerRole = signedIn && refreshToken && opts.roleOf && isAdminPath(request.url.split('?')[0] ?? '/') ? await opts.roleOf(refreshToken) : null;
    // Vite's inline preamble (development only) runs under the CSP with this response's nonce.
    const assets = loaded.assets.devHead
      ? { ...loaded.assets, devHead: loaded.assets.devHead.replace(/<script\b/g, `<script nonce="${cspNonce(reply)}"`) }
      : loaded.assets;
    try {
      return await loaded.entry.render({
        url: `${config.publicUrl}${request.url}`,
        headers: request.headers as Record<string, string | undefined>,
        signedIn,
        viewerRole,
        siteName: config.siteName,
        publicUrl: config.publicUrl,
        webSocketUrl: config.publicWsUrl,
        buildPollIntervalMs: config.buildPollIntervalMs,
        authProviders: opts.authProviders,
        analytics: config.env === 'production', // ANALYTICS-BEACON
        assets,
        executeOperation: graphql.executeOperation,
      });
    } catch (error) {
      request.log.error({ err: error }, 'page render failed');
      throw error;
    }
  };

  /** Sends a render's answer (shared by a flight's requests, or one signed-in request's own). */
  const sendAnswer = (request: FastifyRequest, reply: FastifyReply, answer: FlightAnswer, bot: boolean) => {
    if (answer.location !== undefined) return reply.redirect(answer.location, answer.status);
    // Bots get the status without an error page (SITE-PAGES).
    if (bot && answer.status >= 400) return reply.status(answer.status).type('text/plain; charset=utf-8').send('');
    const { body } = answer;
    return sendPage(request, reply, answer.status, body.html, (coding) => body.encoded(coding));
  };

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No ${request.method} ${path} on this server` } });
    }
    // The root redirect (SITE-LOCALES): `/` answers by the visitor's language, so caches must vary on it.
    const isRoot = path === '/';
    if (isRoot) reply.header('vary', 'Accept-Encoding, Cookie, Accept-Language');
    const userAgent = request.headers['user-agent'];
    const redirect = rootRedirect(request.url, { acceptLanguage: request.headers['accept-language'], userAgent }, requestCookies(request)[LOCALE_COOKIE]);
    if (redirect) return reply.header('cache-control', 'private, no-cache').redirect(redirect, 302);
    // The reset page's URL holds the token, /loading's the one-time code: no Referer may carry them (ACC-RESET, AUTH-SOCIAL).
    if (hasSecretInUrl(path)) reply.header('referrer-policy', 'no-referrer');
    // An HTML-first page is the same document for everyone (SITE-DELIVERY): a session changes nothing in it.
    const signedIn = isSignedIn(request) && !isHtmlFirstPath(path);
    const bot = isBot(userAgent);
    let answer: FlightAnswer;
    try {
      if (signedIn || opts.viteDev) {
        const result = await renderPage(request, reply, signedIn);
        answer = result.location
          ? { status: result.status, location: result.location }
          : { status: result.status, body: new PageBody(Buffer.from(result.html)) };
      } else {
        // Anonymous: the same document for every request of a key (theme and URL), so concurrent misses share one render.
        // Only addresses pages link to are stored (a search or a made-up query string is not: cache busting, pageKeys.ts).
        const key = pageCacheKey(requestCookies(request)[THEME_COOKIE], request.url);
        const store = isStoredTarget(request.url, opts.productSlugs);
        const hit = store ? pages.get(key) : undefined;
        if (hit) {
          if (hit.wire === undefined) recordHeaders.set(request, hit);
          return sendPage(request, reply, 200, hit.html, (coding) => hit[coding]);
        }
        answer = await pages.answer(key, pagePathOf(request.url), () => renderPage(request, reply, false), store);
      }
    } catch {
      return sendRenderFailure(reply, bot);
    }
    return sendAnswer(request, reply, answer, bot);
  });

  return { invalidate: (change) => pages.invalidate(pagesShowing(change)), pages, fastPath: opts.fastPath ?? null, close: closeDev };
}
