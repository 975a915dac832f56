/**
 * What one page view is, from a request's parts (ANALYTICS-EXCLUDE, ANALYTICS-DIMENSIONS): whether
 * it is counted at all (no bots, no Do Not Track or Global Privacy Control, no prefetch or
 * prerender, no /api or /admin, only the site's own pages), and the dimensions it is counted
 * under — page path without locale prefix or query, locale, external referrer host, device class,
 * and whether the address carried `?ref=`. Pure functions; no request object, no clock.
 */
import { type Locale, localeFromPath, stripLocale } from '@studio/site/locales';
import { pageOfPath } from '@studio/site/pages';
import Bowser from 'bowser';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';

/** A counted page's dimensions. */
export interface PageDimensions {
  /**
   * The page's path without locale prefix, query or trailing slash: `/`, `/faq`, `/products/aura`;
   * a private page with a parameter as its route: `/profile/requests/:reference`.
   */
  path: string;
  locale: Locale;
  /** Whether the address had a `ref` query parameter (a referral link, ANALYTICS-FUNNEL). */
  referred: boolean;
}

/** The device classes counted (ANALYTICS-DIMENSIONS). */
export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

/** The longest page path kept (characters); longer addresses are not the site's pages. */
const PATH_MAX = 200;
/** User-Agent strings are cut to this many characters before parsing or hashing. */
export const USER_AGENT_MAX = 512;

/** The request headers the exclusions read (lower-case names, Node's shape). */
export type HeaderBag = Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim();
}

/**
 * Why a request must not be counted, or null when it may be (ANALYTICS-EXCLUDE): `bot` (isbot's
 * list, or no User-Agent at all), `dnt` (`DNT: 1`), `gpc` (`Sec-GPC: 1`), `prefetch`
 * (`Sec-Purpose` containing prefetch or prerender, `Purpose: prefetch`, `X-Moz: prefetch`).
 */
export function exclusionOf(headers: HeaderBag): 'bot' | 'dnt' | 'gpc' | 'prefetch' | null {
  const ua = header(headers, 'user-agent');
  if (!ua || isBotAgent(ua)) return 'bot';
  if (header(headers, 'dnt') === '1') return 'dnt';
  if (header(headers, 'sec-gpc') === '1') return 'gpc';
  const purpose = `${header(headers, 'sec-purpose')} ${header(headers, 'purpose')} ${header(headers, 'x-purpose')} ${header(headers, 'x-moz')}`.toLowerCase();
  if (purpose.includes('prefetch') || purpose.includes('prerender') || purpose.includes('preview')) return 'prefetch';
  return null;
}

/**
 * The dimensions of the page at `url` (a path with optional query, or an absolute URL), or null
 * when it is not counted: not one of the site's pages (site/src/pages.ts), an administrators' page,
 * anything under /api or /admin, or a path longer than 200 characters.
 */
export function pageOf(url: string): PageDimensions | null {
  let page = pages.get(url);
  if (page === undefined) {
    page = parsePage(url) ?? 'none';
    pages.set(url, page);
  }
  return page === 'none' ? null : page;
}

function parsePage(url: string): PageDimensions | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://localhost');
  } catch {
    return null;
  }
  const pathname = parsed.pathname;
  if (pathname.length > PATH_MAX) return null;
  const unprefixed = stripLocale(pathname);
  if (/^\/(api|admin)(\/|$)/.test(pathname) || /^\/(api|admin)(\/|$)/.test(unprefixed)) return null;
  const def = pageOfPath(pathname);
  if (!def || def.adminOnly) return null;
  // A private page's parameter identifies someone's own thing (a request's reference): such a page
  // is kept under its route, `/profile/requests/:reference` (ANALYTICS-DIMENSIONS). Public slugs stay.
  const path = !def.indexable && def.path.includes(':') ? `/${def.path}` : unprefixed.length > 1 ? unprefixed.replace(/\/+$/, '') : '/';
  return { path, locale: localeFromPath(pathname), referred: parsed.searchParams.has('ref') };
}

/**
 * The host name of an external referrer, lower-case without a leading `www.`; '' when there is
 * none, it is not an http(s) address, or it is the site itself (any of `ownHosts`).
 */
export function referrerHost(referrer: string | undefined, ownHosts: readonly string[]): string {
  if (!referrer) return '';
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return '';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
  const host = url.hostname.toLowerCase();
  if (!host || ownHosts.some((own) => own.toLowerCase() === host)) return '';
  return host.replace(/^www\./, '').slice(0, 253);
}

/** The device class of a User-Agent (bowser's platform type): tablet, mobile, else desktop. */
export function deviceClass(userAgent: string | undefined): DeviceClass {
  const ua = userAgent?.slice(0, USER_AGENT_MAX);
  if (!ua) return 'desktop';
  let device = devices.get(ua);
  if (device === undefined) {
    const type = Bowser.parse(ua).platform.type;
    device = type === 'mobile' || type === 'tablet' ? type : 'desktop';
    devices.set(ua, device);
  }
  return device;
}

// A page answered from the cache costs a few microseconds; parsing its User-Agent twice would cost
// ten times that. Most views come from a few hundred distinct agents and pages, so the answers are
// kept (bounded) per agent and per address.
const devices = new LRUCache<string, DeviceClass>({ max: 1000 });
const bots = new LRUCache<string, boolean>({ max: 1000 });
const pages = new LRUCache<string, PageDimensions | 'none'>({ max: 1000 });

/** isbot's answer for `ua`, kept per agent. */
function isBotAgent(ua: string): boolean {
  let bot = bots.get(ua);
  if (bot === undefined) {
    bot = isbot(ua);
    bots.set(ua, bot);
  }
  return bot;
}
