/**
 * The in-memory cache of anonymous page renders (SITE-CACHE; key scheme in `pageKeys.ts`):
 *
 * - **One render per key at a time** (single flight). A miss starts a flight: the render, then,
 *   for a cacheable page, its compression and storing. Misses for the same key while it flies wait
 *   for it and get its answer; a render that throws stores nothing and rejects every waiter with
 *   the same error (the page host answers each of them its 500 page).
 * - **Compressed once per fill.** A cacheable page is brotli- and gzip-compressed once, off the
 *   event loop (zlib's async API runs on libuv's thread pool), before it is stored; a cache hit
 *   sends stored bytes and never compresses. Other answers compress on first demand, once per
 *   coding and flight. Brotli quality 5: on this site's pages (65–130 KB of HTML) it takes about
 *   1.2 ms per page against 14 ms at quality 9 (the zlib default is 11: ~90 ms), for 1–2 % more bytes.
 * - **Generations.** Every flight gets a new generation number and is its key's current flight
 *   until it lands or an invalidation touching its page path retires it. A flight stores its page
 *   only while its generation is still the current one of its key: a render that started before
 *   an invalidation is never stored after it (its waiters, who asked before the change, still get
 *   it), and a miss after the invalidation starts a fresh flight instead of joining the old one.
 * - **Targeted invalidation**: by page paths (every locale, theme and query string of each), or all.
 * - **A maximum age** (`PAGE_CACHE_MAX_AGE_SECONDS`, 300 by default): a stored page is not served
 *   once it is that old, however it is asked for (lru-cache's `ttl`); the next miss renders it
 *   again. The last safety net for a content-change notice that never arrived (decision 0042).
 * - **Not every address is stored**: a flight asked with `store: false` (an address no page links
 *   to, e.g. a search, `pageKeys.ts` `isStoredTarget`) still shares its render with the misses of
 *   its key while it flies, but keeps nothing once it lands.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { WireAnswers } from './fastPath.js';
import type { PageTargets } from './pageKeys.js';

/** A content coding the server compresses pages in. */
export type PageCoding = 'br' | 'gzip';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `html` compressed in `coding` on libuv's thread pool (not on the event loop): brotli quality 5, gzip level 6. */
export function compressPage(html: Buffer, coding: PageCoding): Promise<Buffer> {
  if (coding === 'gzip') return gzipAsync(html, { level: 6 });
  return brotliAsync(html, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.length,
    },
  });
}

/** A page's HTML and its compressed bodies, each made at most once (on first demand). */
export class PageBody {
  private readonly coded = new Map<PageCoding, Promise<Buffer>>();
  constructor(readonly html: Buffer) {}

  /** The body in `coding`: compressed on the first call, the same promise afterwards. */
  encoded(coding: PageCoding): Promise<Buffer> {
    let body = this.coded.get(coding);
    if (!body) {
      body = compressPage(this.html, coding);
      this.coded.set(coding, body);
    }
    return body;
  }
}

/** A stored page: HTML and both compressed bodies, made when the cache was filled. */
export interface CachedPage {
  /** Its page path (`pageKeys.ts`), which invalidation matches. */
  path: string;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Its answers' header lists, recorded the first time Fastify sent it from the cache (fastPath.ts). */
  wire?: WireAnswers | null;
}

/** What a render answered (the fields of `@studio/site/ssr`'s `RenderResult` the cache reads). */
export interface Rendered {
  status: number;
  html: string;
  location?: string;
  /** Whether an anonymous copy may be stored; only a 200 is. */
  cacheable: boolean;
}

/** The answer of one flight, shared by all its requests: a redirect, or a page with its status. */
export type FlightAnswer = { status: number; location: string } | { status: number; location?: undefined; body: PageBody };

/** Counters since start, for tests and diagnostics. */
export interface PageCacheStats {
  /** Requests answered from a stored page. */
  hits: number;
  /** Renders started: one per flight. */
  renders: number;
  /** Misses that joined the flight of their key instead of rendering. */
  joins: number;
  /** Pages stored. */
  stored: number;
  /** Cacheable pages not stored because an invalidation came during their flight. */
  discarded: number;
  /** Cacheable pages not stored because their address is not one the cache keeps (`store: false`). */
  unstored: number;
  /** Invalidations received (targeted or all). */
  invalidations: number;
}

/** Test seams; production sets none. */
export interface PageCacheHooks {
  /** Awaited inside each flight after its render returned, before its page is compressed or stored. */
  afterRender?(key: string): Promise<void> | void;
}

interface Flight {
  key: string;
  path: string;
  generation: number;
  /** Whether its page may be stored (`answer`'s `store`). */
  store: boolean;
  answer: Promise<FlightAnswer>;
}

export class PageCache {
  readonly stats: PageCacheStats = { hits: 0, renders: 0, joins: 0, stored: 0, discarded: 0, unstored: 0, invalidations: 0 };
  /** Test seams (see `PageCacheHooks`). */
  hooks: PageCacheHooks = {};
  /** How long a stored page is served, in seconds (SITE-CACHE). */
  readonly maxAgeSeconds: number;
  private readonly pages: LRUCache<string, CachedPage> | null;
  private readonly flights = new Map<string, Flight>();
  private lastGeneration = 0;

  /**
   * An LRU of at most `maxEntries` pages (`PAGE_CACHE_MAX_ENTRIES`), each served for at most
   * `maxAgeSeconds` after it was stored (`PAGE_CACHE_MAX_AGE_SECONDS`; fractions allowed, e.g. in
   * tests). `maxEntries` 0 stores nothing but still renders each key once at a time.
   * @throws RangeError when `maxAgeSeconds` is not a positive number.
   */
  constructor(maxEntries: number, maxAgeSeconds = 300) {
    if (!(maxAgeSeconds > 0)) throw new RangeError(`the page cache's maximum age must be positive, not ${maxAgeSeconds}`);
    this.maxAgeSeconds = maxAgeSeconds;
    this.pages = maxEntries > 0 ? new LRUCache<string, CachedPage>({ max: maxEntries, ttl: Math.ceil(maxAgeSeconds * 1000) }) : null;
  }

  /** The stored page of `key`, or undefined. */
  get(key: string): CachedPage | undefined {
    const page = this.pages?.get(key);
    if (page) this.stats.hits += 1;
    return page;
  }

  /**
   * The answer for a miss on `key` (page path `path`): the flight in progress for `key`, or a new
   * one that calls `render`. Its page is stored when `store` is true (the default; false for an
   * address the cache does not keep), `render` says it is cacheable with status 200 and the flight
   * is still its key's current generation once the page is compressed.
   * @throws (rejects with) what `render` threw, for every request of the flight; nothing is stored.
   */
  answer(key: string, path: string, render: () => Promise<Rendered>, store = true): Promise<FlightAnswer> {
    const current = this.flights.get(key);
    if (current) {
      this.stats.joins += 1;
      return current.answer;
    }
    this.lastGeneration += 1;
    // In the table before `render` runs (it may throw at once); `answer` is set right after.
    const flight = { key, path, generation: this.lastGeneration, store } as Flight;
    this.flights.set(key, flight);
    flight.answer = this.fly(flight, render);
    return flight.answer;
  }

  /** The stored page of `key` without counting a hit (the fast path counts its own). */
  peek(key: string): CachedPage | undefined {
    return this.pages?.get(key);
  }

  /** Drops the stored pages and retires the flights of `targets` (see `PageTargets`). */
  invalidate(targets: PageTargets): void {
    this.stats.invalidations += 1;
    if (targets === 'all') {
      this.pages?.clear();
      this.flights.clear();
      return;
    }
    if (this.pages) {
      const dropped = [...this.pages.entries()].filter(([, page]) => targets.has(page.path)).map(([key]) => key);
      for (const key of dropped) this.pages.delete(key);
    }
    for (const [key, flight] of [...this.flights]) if (targets.has(flight.path)) this.flights.delete(key);
  }

  /** How many pages are stored. */
  get size(): number {
    return this.pages?.size ?? 0;
  }

  private isCurrent(flight: Flight): boolean {
    return this.flights.get(flight.key)?.generation === flight.generation;
  }

  private async fly(flight: Flight, render: () => Promise<Rendered>): Promise<FlightAnswer> {
    try {
      this.stats.renders += 1;
      const rendered = await render();
      await this.hooks.afterRender?.(flight.key);
      if (rendered.location) return { status: rendered.status, location: rendered.location };
      const body = new PageBody(Buffer.from(rendered.html));
      if (rendered.cacheable && rendered.status === 200 && this.pages && !flight.store) {
        this.stats.unstored += 1;
      } else if (rendered.cacheable && rendered.status === 200 && this.pages) {
        const [br, gz] = await Promise.all([body.encoded('br'), body.encoded('gzip')]);
        if (this.isCurrent(flight)) {
          this.pages.set(flight.key, { path: flight.path, html: body.html, br, gzip: gz });
          this.stats.stored += 1;
        } else {
          this.stats.discarded += 1;
        }
      }
      return { status: rendered.status, body };
    } finally {
      // Landed (or failed): the next miss starts a new flight. A retired flight is no longer in the table.
      if (this.isCurrent(flight)) this.flights.delete(flight.key);
    }
  }
}
