/**
 * What a person can recognise of the device behind a request, for the session list and the
 * security mails (SESSION-DEVICES, MAIL-SECURITY): a label such as "Chrome 131 on macOS" from the
 * User-Agent (parsed by `bowser`), and an approximate network — the first octets of the address
 * only ("203.0.113.x", "2001:db8:85a3::/48"), never the full address (no geolocation database).
 */
import type { FastifyRequest } from 'fastify';
import Bowser from 'bowser';

/** A request's device as shown to its user: `label` null when the User-Agent says nothing usable. */
export interface DeviceInfo {
  label: string | null;
  network: string | null;
}

/** User-Agent strings longer than this are cut before parsing and storing (bytes of ASCII). */
export const USER_AGENT_MAX = 512;

/**
 * "Browser major on OS" from a User-Agent, e.g. "Safari 17 on iOS"; the browser or OS alone when
 * only one is known; null for an empty or unrecognised string.
 */
export function deviceLabel(userAgent: string | null | undefined): string | null {
  const ua = userAgent?.slice(0, USER_AGENT_MAX).trim();
  if (!ua) return null;
  const parsed = Bowser.parse(ua);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null;
  const os = parsed.os.name ?? null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os;
}

/**
 * The approximate network of an address: IPv4 → first three octets + ".x"; IPv6 → its /48 prefix;
 * IPv4-mapped IPv6 is treated as IPv4. Null for anything else.
 */
export function approximateNetwork(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const octets = v4.split('.');
  if (octets.length === 4 && octets.every((o) => /^\d{1,3}$/.test(o))) return `${octets.slice(0, 3).join('.')}.x`;
  if (!ip.includes(':')) return null;
  const [head = ''] = ip.split('::');
  const groups = head.split(':').filter(Boolean).slice(0, 3);
  return `${groups.join(':')}::/48`;
}

/** The device of `request`: its User-Agent label and approximate network (from the trusted `request.ip`). */
export function deviceOf(request: Pick<FastifyRequest, 'headers' | 'ip'>): DeviceInfo {
  const ua = request.headers['user-agent'];
  return { label: deviceLabel(typeof ua === 'string' ? ua : null), network: approximateNetwork(request.ip) };
}
