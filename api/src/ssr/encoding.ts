/**
 * The content coding of a page answer (SITE-CACHE): negotiated by `negotiator` from the request's
 * Accept-Encoding, remembered per distinct header value (a few dozen exist in the wild), so a
 * cached page's answer costs no parsing.
 */
import Negotiator from 'negotiator';

/** The content codings a page is sent in, in the server's order of preference. */
const PAGE_ENCODINGS = ['br', 'gzip', 'identity'] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];
// negotiator 1.x takes the server's preference for ties; its types (0.6) do not say so yet.
type EncodingNegotiator = { encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined };

/**
 * The coding of a page answer for `acceptEncoding`, negotiated by `negotiator`: the client's
 * q-values decide (`br;q=0` refuses br), ties go to br, then gzip; identity when nothing else is
 * acceptable.
 */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }) as unknown as EncodingNegotiator;
  const chosen = negotiator.encoding(PAGE_ENCODINGS, { preferred: PAGE_ENCODINGS });
  return PAGE_ENCODINGS.find((encoding) => encoding === chosen) ?? 'identity';
}

const remembered = new Map<string, PageEncoding>();
const REMEMBERED_MAX = 256;

/** `pageEncoding` remembered per header value (at most 256 values; later ones are negotiated each time). */
export function pageEncodingOf(acceptEncoding: string | undefined): PageEncoding {
  const header = acceptEncoding ?? '';
  let encoding = remembered.get(header);
  if (encoding === undefined) {
    encoding = pageEncoding(acceptEncoding);
    if (remembered.size < REMEMBERED_MAX) remembered.set(header, encoding);
  }
  return encoding;
}
