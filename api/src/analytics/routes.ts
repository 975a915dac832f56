/**
 * First-party analytics on the server (decision 0036, ANALYTICS-*): an `onResponse` hook that
 * counts every HTML document answered 200 to a GET (`recordDocumentView`, also called by paths
 * that answer without hooks), and `POST /api/analytics/view` for the single-page app's client
 * navigations (`navigator.sendBeacon`, body `{ path, referrer? }` as JSON or text/plain JSON;
 * 204, or 400 VALIDATION_FAILED naming the problem; limited per IP). Counting happens only in
 * production (ANALYTICS-PRODUCTION) and never for bots, Do Not Track, Global Privacy Control or
 * prefetches (ANALYTICS-EXCLUDE); it only adds to memory (recorder.ts), so it cannot slow or fail
 * an answer.
 */
import { issueText } from '@studio/site/problems';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { HttpError } from '../http/errors.js';
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

/** The host names of the site itself (`publicUrl`'s and the request's Host): their referrers are internal. */
function ownHosts(request: FastifyRequest, publicHost: string): string[] {
  return [publicHost, request.hostname.replace(/:\d+$/, '')];
}

/**
 * Counts `url` as a page view of `request`'s visitor unless it is excluded (ANALYTICS-EXCLUDE) or
 * not one of the site's pages; `referrer` defaults to the Referer header.
 */
function count(request: FastifyRequest, url: string, referrer: string | undefined): void {
  const recorder = request.server.analytics;
  if (!recorder?.enabled) return;
  if (exclusionOf(request.headers)) return;
  const page = pageOf(url);
  if (!page) return;
  const ua = (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX);
  recorder.record({
    ...page,
    referrer: referrerHost(referrer, ownHosts(request, recorder.publicHost)),
    device: deviceClass(ua),
    visitorKey: `${request.ip}\n${ua}`,
  });
}

/**
 * Counts the HTML document `request` asked for as one page view (ANALYTICS-DOCUMENT): only a GET,
 * only outside /api and /admin, not for bots, DNT, GPC or prefetches. Call it where a page is
 * answered 200 as `text/html` without passing through Fastify's hooks (the hook below covers the
 * rest). Synchronous; never throws; does nothing outside production.
 */
export function recordDocumentView(request: FastifyRequest): void {
  try {
    if (request.method !== 'GET') return;
    count(request, request.url, header(request, 'referer'));
  } catch (error) {
    request.log.warn({ err: error }, 'analytics: a page view could not be counted');
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
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
export function registerAnalytics(fastify: FastifyInstance, opts: { db: Db; config: Pick<Config, 'env' | 'publicUrl'>; now?: () => Date }): AnalyticsRecorder {
  const recorder = new AnalyticsRecorder({
    db: opts.db,
    enabled: opts.config.env === 'production',
    publicHost: new URL(opts.config.publicUrl).hostname,
    log: fastify.log,
    ...(opts.now ? { now: opts.now } : {}),
  });
  fastify.decorate('analytics', recorder);
  if (recorder.enabled) {
    fastify.addHook('onResponse', async (request, reply) => {
      if (isHtmlDocument(reply)) recordDocumentView(request);
    });
  }
  fastify.post(BEACON_PATH, { bodyLimit: 8192, config: { rateLimit: BEACON_RATE_LIMIT } }, async (request, reply) => {
    const parsed = beaconSchema.safeParse(beaconBody(request.body));
    if (!parsed.success) {
      const message = parsed.error.issues.map((issue) => issueText(issue)).join('; ');
      throw new HttpError(400, 'VALIDATION_FAILED', message || 'The request body must be a JSON object { path, referrer? }');
    }
    count(request, parsed.data.path, parsed.data.referrer);
    return reply.status(204).header('cache-control', 'no-store').send();
  });
  return recorder;
}
