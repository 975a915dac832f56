/**
 * Cached pages at wire speed (SITE-CACHE, decision 0039). A stored page is an HTML-first document:
 * the same bytes for everyone of its key, no nonce, nothing per request. So once Fastify has sent
 * it once — through every hook, which set its security headers — those headers are recorded with
 * the page (`recordHeaders`), and later requests for it are answered before Fastify sees them,
 * from the HTTP server's own request handler: key lookup (theme cookie + request target), the
 * coding negotiated once per Accept-Encoding value, then the recorded header list and the stored
 * bytes (identity, brotli or gzip, compressed at cache fill) in one `writeHead` + `end`.
 *
 * What is left to Fastify: every miss, a page whose headers are not recorded yet, `/` when the
 * visitor's language asks for the root redirect (SITE-LOCALES), methods other than GET and HEAD,
 * and every request once the server is closing (Fastify answers those 503). Rate limits apply to
 * rendering, not to stored pages. Per-request headers (Date, Connection) are Node's.
 */
import { type IncomingMessage, type OutgoingHttpHeader, type Server, type ServerResponse, createServer } from 'node:http';
import { parse as parseCookies } from 'cookie';
import proxyaddr from 'proxy-addr';
import { LOCALE_COOKIE, THEME_COOKIE } from '@studio/site/cookies';
import { pageEncodingOf } from './encoding.js';
import { rootRedirect } from './locale.js';
import type { CachedPage, PageCache } from './pageCache.js';
import { pageCacheKey } from './pageKeys.js';

/** A stored page's answers as written to the wire: a flat `[name, value, …]` header list per coding. */
export interface WireAnswers {
  identity: OutgoingHttpHeader[];
  br: OutgoingHttpHeader[];
  gzip: OutgoingHttpHeader[];
}

/** Headers that belong to one response, never to the page: Node's own, the coding's, and the limiters'. */
const PER_RESPONSE = /^(date|connection|keep-alive|transfer-encoding|content-length|content-encoding|retry-after|x-ratelimit-.*|ratelimit.*)$/;

/**
 * The headers a stored page is sent with, from those Fastify sent it with once (`sent`): without
 * per-response headers, the CSP without a nonce (a document has no inline script), and per coding
 * its Content-Encoding and Content-Length. Null when `sent` sets a cookie (then it is not stored).
 */
export function wireAnswersOf(sent: Record<string, string | number | readonly string[] | undefined>, page: CachedPage): WireAnswers | null {
  if (sent['set-cookie'] !== undefined) return null;
  const common: OutgoingHttpHeader[] = [];
  for (const [name, value] of Object.entries(sent)) {
    if (value === undefined || PER_RESPONSE.test(name)) continue;
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    common.push(name, name === 'content-security-policy' ? text.replace(/\s*'nonce-[^']*'/g, '') : text);
  }
  const answer = (body: Buffer, coding: string | null): OutgoingHttpHeader[] => [
    ...common,
    ...(coding ? ['content-encoding', coding] : []),
    'content-length',
    String(body.length),
  ];
  return { identity: answer(page.html, null), br: answer(page.br, 'br'), gzip: answer(page.gzip, 'gzip') };
}

/** Answers stored pages from the HTTP server's request handler; see the module docstring. */
export class DocumentFastPath {
  private cache: PageCache | null = null;
  private closing = false;
  /** Counts a served page (analytics, production only); must not throw. */
  onServed: ((request: IncomingMessage) => void) | null = null;
  /** Requests answered here, since start (tests, diagnostics). */
  served = 0;

  /** Serves from `cache` from now on. */
  attach(cache: PageCache): void {
    this.cache = cache;
  }

  /** Stops answering: from now on Fastify sees every request (and answers 503 while closing). */
  close(): void {
    this.closing = true;
  }

  /** Answers `request` from a stored page and says true, or leaves it alone and says false. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    const cache = this.cache;
    const method = request.method;
    const url = request.url;
    if (!cache || this.closing || (method !== 'GET' && method !== 'HEAD') || !url) return false;
    const cookieHeader = request.headers.cookie;
    const jar = cookieHeader && (cookieHeader.includes(THEME_COOKIE) || cookieHeader.includes(LOCALE_COOKIE)) ? parseCookies(cookieHeader) : null;
    const page = cache.peek(pageCacheKey(jar?.[THEME_COOKIE], url));
    if (!page?.wire) return false;
    if (
      (url === '/' || url.startsWith('/?')) &&
      rootRedirect(url, { acceptLanguage: request.headers['accept-language'], userAgent: request.headers['user-agent'] }, jar?.[LOCALE_COOKIE])
    )
      return false;
    const coding = pageEncodingOf(request.headers['accept-encoding']);
    const body = coding === 'identity' ? page.html : page[coding];
    cache.stats.hits += 1;
    this.served += 1;
    response.writeHead(200, page.wire[coding]);
    response.end(method === 'HEAD' ? undefined : body);
    this.onServed?.(request);
    return true;
  }
}

/** The Fastify options `serverFactory` receives (filled with Fastify's defaults) that shape an HTTP/1 server. */
interface ServerShape {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/**
 * A Fastify `serverFactory`: Node's HTTP server whose request handler asks `fastPath` first and
 * hands everything else to Fastify's handler, with the timeouts Fastify would have set itself.
 */
export function serverWithFastPath(fastPath: DocumentFastPath) {
  return (handler: (request: IncomingMessage, response: ServerResponse) => void, options: ServerShape): Server => {
    const server = createServer((request, response) => {
      if (!fastPath.serve(request, response)) handler(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

/** Fastify's `trustProxy` option (settings.ts `fastifyTrustProxy`). */
type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/**
 * The client's address of a raw request as Fastify's `request.ip` gives it (decision 0025): the
 * socket's peer, or with trusted proxies the address `proxy-addr` finds in `X-Forwarded-For`.
 */
export function clientAddressOf(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  if (trustProxy === false) return (request) => request.socket.remoteAddress ?? '';
  const trust = trustProxy === true ? () => true : typeof trustProxy === 'function' ? trustProxy : proxyaddr.compile(trustProxy);
  return (request) => proxyaddr(request, trust);
}
