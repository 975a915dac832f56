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
import { LOCALE_COOKIE, SESSION_COOKIES, THEME_COOKIE } from '@studio/site/cookies';
import { hasSecretInUrl, isHtmlFirstPath } from '@studio/site/pages';
import type { RenderRequest } from '@studio/site/ssr';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLServer } from '../graphql/server.js';
import type { Config } from '../platform/config.js';
import type { ContentChange } from '../platform/graphql/pubsub.js';
import { pageEncoding } from './encoding.js';
import { loadServerEntry } from './entry.js';
import { type DocumentFastPath, wireAnswersOf } from './fastPath.js';
import { registerSmallFiles } from './files.js';
import { isBot, rootRedirect } from './locale.js';
import { type CachedPage, type FlightAnswer, PageBody, PageCache } from './pageCache.js';
import { isStoredTarget, pageCacheKey, pagePathOf, pagesShowing } from './pageKeys.js';
import { pageRenderer, requestCookies, sendAnswer, sendPage, sendRenderFailure } from './render.js';
import { registerSpeculationRules } from './speculation.js';

export { pageEncoding };

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
  const viteDev = opts.viteDev ?? false;
  const { loadEntry, close } = await loadServerEntry(app, config, viteDev);
  registerSmallFiles(app, config, viteDev);
  const renderPage = pageRenderer({ config, graphql, authProviders: opts.authProviders, roleOf: opts.roleOf, loadEntry });
  app.setNotFoundHandler(answerPage({ pages, viteDev, productSlugs: opts.productSlugs, renderPage, recordHeaders }));
  return { invalidate: (change) => pages.invalidate(pagesShowing(change)), pages, fastPath: opts.fastPath ?? null, close };
}

/** The not-found handler that answers every GET no route claimed with a page (see the module docstring). */
function answerPage(deps: {
  pages: PageCache;
  viteDev: boolean;
  productSlugs: ReadonlySet<string>;
  renderPage: ReturnType<typeof pageRenderer>;
  recordHeaders: WeakMap<FastifyRequest, CachedPage>;
}) {
  const { pages, renderPage, recordHeaders } = deps;
  return async (request: FastifyRequest, reply: FastifyReply) => {
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
      if (signedIn || deps.viteDev) {
        const result = await renderPage(request, reply, signedIn);
        answer = result.location
          ? { status: result.status, location: result.location }
          : { status: result.status, body: new PageBody(Buffer.from(result.html)) };
      } else {
        // Anonymous: the same document for every request of a key (theme and URL), so concurrent misses share one render.
        // Only addresses pages link to are stored (a search or a made-up query string is not: cache busting, pageKeys.ts).
        const key = pageCacheKey(requestCookies(request)[THEME_COOKIE], request.url);
        const store = isStoredTarget(request.url, deps.productSlugs);
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
  };
}
