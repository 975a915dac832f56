/**
 * The name a new passkey is offered under on /profile (ACC-PASSKEYS): the browser and system it is
 * made on, e.g. "Chrome on macOS", so a list of passkeys tells the devices apart even when nobody
 * types a name. Read from the User-Agent string, which every browser still sends; null when
 * neither is recognised (the card then offers a plain "Passkey").
 */

/** Browser names, most specific first (Edge and Opera also say "Chrome", Chrome also says "Safari"). */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Systems, most specific first (iPadOS and Android also say "like Mac OS X" or "Linux"). */
const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPad\b/, 'iPadOS'],
  [/\b(iPhone|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const find = (table: readonly [RegExp, string][], userAgent: string) => table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

/** "Chrome on macOS", "Firefox", "Android", or null, from a User-Agent string; `on` is the word between, in the page's language. */
export function passkeyName(userAgent: string, on = 'on'): string | null {
  const browser = find(BROWSERS, userAgent);
  const system = find(SYSTEMS, userAgent);
  if (browser && system) return `${browser} ${on} ${system}`;
  return browser ?? system;
}
