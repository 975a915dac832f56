/**
 * First-party analytics on the server (decision 0036, ANALYTICS-*): an `onResponse` hook that
 * counts every HTML document answered 200 to a GET (`recordDocumentView`, also called by paths
 * that answer without hooks), and `POST /api/analytics/view` for the single-page app's client
 * navigations (`navigator.sendBeacon`, body `{ path, referrer? }` as JSON or text/plain JSON;
 * 204, or 400 VALIDATION_FAILED naming the problem; limited per IP). Each address has at most
 * `RATE_LIMIT_ANALYTICS_VIEW` views counted (ANALYTICS-VISITORS); private pages count under their
 * route (classify.ts). Counting happens only in
 * production (ANALYTICS-PRODUCTION) and never for bots, Do Not Track, Global Privacy Control or
 * prefetches (ANALYTICS-EXCLUDE); it only adds to memory (recorder.ts), so it cannot slow or fail
 * an answer.
 */
import { issueText } from '@studio/site/problems';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../../platform/config.js';
import type { Db } from '../../../platform/db/index.js';
import { HttpError } from '../../../platform/http/errors.js';
import type { RateLimits } from '../../../platform/security/limits.js';
import { USER_AGENT_MAX, deviceClass, exclusionOf, pageOf, referrerHost } from './classify.js';
import { AnalyticsRecorder } from './recorder.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The page-view counter (analytics/recorder.ts); counts nothing outside production. */
    analytics: AnalyticsRecorder;
  }
}

/** The beacon's address. */
export const BEACON_PATH = '/api/analytics/view';

/** Beacons per IP per minute (a generous cap: one per client navigation, ANALYTICS-BEACON). */
export const BEACON_RATE_LIMIT = { max: 600, timeWindow: 60_000 };

/** The beacon's body: the page's path (with query), and optionally `document.referrer`. */
const beaconSchema = z.object({
  path: z.string().min(1).max(2048).startsWith('/'),
  referrer: z.string().max(2048).optional(),
});

/**
 * What counting reads of a request: a FastifyRequest fits; a fast path outside Fastify passes the
 * same fields (`ip` as Fastify computes it with TRUST_PROXY) and the recorder explicitly.
 */
export interface DocumentRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  ip: string;
  /** The Host header's name (internal referrers); optional. */
  hostname?: string;
  /** The object identifying this request (Node's IncomingMessage), so it is counted once. */
  raw?: object;
  server?: { analytics?: AnalyticsRecorder };
}

/**
 * Counts `url` as a page view of `request`'s visitor unless it is excluded (ANALYTICS-EXCLUDE) or
 * not one of the site's pages; `referrer` as sent (the Referer header, or the beacon's field).
 */
function count(recorder: AnalyticsRecorder | undefined, request: DocumentRequest, url: string, referrer: string | undefined): void {
  if (!recorder?.enabled) return;
  if (exclusionOf(request.headers)) return;
  const page = pageOf(url);
  if (!page) return;
  const ua = (firstHeader(request.headers['user-agent']) ?? '').slice(0, USER_AGENT_MAX);
  const ownHosts = [recorder.publicHost, (request.hostname ?? '').replace(/:\d+$/, '')];
  recorder.recordFrom(request.ip, { ...page, referrer: referrerHost(referrer, ownHosts), device: deviceClass(ua), visitorKey: `${request.ip}\n${ua}` });
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Requests already counted: the fast path's call and the hook never count one request twice. */
const counted = new WeakSet<object>();

/**
 * Counts the HTML document `request` asked for as one page view (ANALYTICS-DOCUMENT): only a GET
 * the browser made to open a page (`Sec-Fetch-Dest` absent or `document`), only outside /api and
 * /admin, not for bots, DNT, GPC or prefetches. Call it where a page is
 * answered 200 as `text/html` without passing through Fastify's hooks (the hook below covers the
 * rest; a request is counted once even when both run). Synchronous; never throws; does nothing
 * outside production.
 */
export function recordDocumentView(request: DocumentRequest, recorder: AnalyticsRecorder | undefined = request.server?.analytics): void {
  try {
    if (request.method !== 'GET') return;
    // A script's fetch of a page (the news list's "load more", SITE-DELIVERY) is not a view of it:
    // browsers say `Sec-Fetch-Dest: document` (or nothing, older ones) for pages people open.
    const destination = firstHeader(request.headers['sec-fetch-dest']);
    if (destination && destination !== 'document') return;
    if (request.raw) {
      if (counted.has(request.raw)) return;
      counted.add(request.raw);
    }
    count(recorder, request, request.url, firstHeader(request.headers['referer']));
  } catch {
    // counting never fails an answer (ANALYTICS-DOCUMENT)
  }
}

function isHtmlDocument(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return reply.statusCode === 200 && typeof type === 'string' && type.toLowerCase().startsWith('text/html');
}

/** The beacon's body as an object: JSON already parsed, or a text/plain string holding JSON. */
function beaconBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    throw new HttpError(400, 'VALIDATION_FAILED', 'The request body must be a JSON object { path, referrer? }');
  }
}

/**
 * Builds the recorder (enabled in production only), makes it `fastify.analytics`, and registers
 * the counting hook and the beacon route. Register before the routes whose pages are counted.
 * @returns the recorder (`close()` it after the server, to write what is pending).
 */
export function registerAnalytics(
  fastify: FastifyInstance,
  opts: { db: Db; config: Pick<Config, 'env' | 'publicUrl'>; now?: () => Date; limits?: Pick<RateLimits, 'consume'> },
): AnalyticsRecorder {
  const recorder = new AnalyticsRecorder({
    db: opts.db,
    ...(opts.limits ? { limits: opts.limits } : {}),
    enabled: opts.config.env === 'production',
    publicHost: new URL(opts.config.publicUrl).hostname,
    log: fastify.log,
    ...(opts.now ? { now: opts.now } : {}),
  });
  fastify.decorate('analytics', recorder);
  if (recorder.enabled) {
    fastify.addHook('onResponse', async (request, reply) => {
      if (isHtmlDocument(reply)) recordDocumentView(request, recorder);
    });
  }
  fastify.post(BEACON_PATH, { bodyLimit: 8192, config: { rateLimit: BEACON_RATE_LIMIT } }, async (request, reply) => {
    const parsed = beaconSchema.safeParse(beaconBody(request.body));
    if (!parsed.success) {
      const message = parsed.error.issues.map((issue) => issueText(issue)).join('; ');
      throw new HttpError(400, 'VALIDATION_FAILED', message || 'The request body must be a JSON object { path, referrer? }');
    }
    count(recorder, request, parsed.data.path, parsed.data.referrer);
    return reply.status(204).header('cache-control', 'no-store').send();
  });
  return recorder;
}
