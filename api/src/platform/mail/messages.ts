/**
 * The words of the mails (MAIL-OUTBOX): ICU MessageFormat catalogues per site language in
 * ./messages/{en,ru,es}.json (flat id → message, like the web's catalogues, decision 0008),
 * formatted with intl-messageformat. Each message is parsed once per language and kept. The
 * catalogues must hold the same ids: a language that lacks one fails at load, and an unknown id
 * throws, so no mail goes out with a raw id.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import ru from './messages/ru.json' with { type: 'json' };
import type { MailLocale, SiteContext } from './templates.js';

/** The id of a mail message: a key of the English catalogue, which every language must have. */
export type MailMessageId = keyof typeof en;

/** The values a message may take: plain text (never markup, render.ts escapes it) or numbers. */
export type MailMessageValues = Record<string, string | number>;

/** Every catalogue by language, as loaded. */
export const MAIL_MESSAGES: Record<MailLocale, Record<string, string>> = { en, ru, es };

/** The ids one catalogue lacks or has beyond English's (both empty when the catalogue is complete). */
export function catalogueDrift(messages: Record<string, string>): { missing: string[]; extra: string[] } {
  return {
    missing: Object.keys(en).filter((id) => !(id in messages)),
    extra: Object.keys(messages).filter((id) => !(id in en)),
  };
}

// A catalogue without an id would leave a mail half-written: refuse to start (MAIL-OUTBOX).
for (const [locale, messages] of Object.entries(MAIL_MESSAGES)) {
  const { missing, extra } = catalogueDrift(messages);
  if (missing.length || extra.length) throw new Error(`Mail catalogue ${locale}: missing ${missing.join(', ') || '-'}; unknown ${extra.join(', ') || '-'}`);
}

/**
 * Parses `message` for `locale` the way the mails do: plain text, so `<` is no tag, and ICU
 * plurals and selects. Throws on a malformed message.
 */
export function parseMailMessage(message: string, locale: MailLocale): IntlMessageFormat {
  return new IntlMessageFormat(message, locale, undefined, { ignoreTag: true });
}

const parsed = new Map<string, IntlMessageFormat>();

/**
 * Message `id` of `locale`'s catalogue with `values` filled in.
 * @throws Error for an id no catalogue has, or a value the message needs and did not get.
 */
export function formatMailMessage(locale: MailLocale, id: MailMessageId, values: MailMessageValues = {}): string {
  const key = `${locale}\u0000${id}`;
  let format = parsed.get(key);
  if (!format) {
    const message = MAIL_MESSAGES[locale]?.[id];
    if (message === undefined) throw new Error(`No mail message ${id} in locale ${locale}`);
    format = parseMailMessage(message, locale);
    parsed.set(key, format);
  }
  return String(format.format(values));
}

/** What a template writes with: its language, the site, and `t` — a message with `site` and `url` always among its values. */
export interface MailWords {
  locale: MailLocale;
  site: SiteContext;
  t: (id: MailMessageId, values?: MailMessageValues) => string;
}

/** The words of a mail in `locale` for `site`. */
export function mailWords(locale: MailLocale, site: SiteContext): MailWords {
  const common = { site: site.siteName, url: site.publicUrl };
  return { locale, site, t: (id, values) => formatMailMessage(locale, id, { ...common, ...values }) };
}

/** A flag as `yes` or `no`, the keys of the catalogues' ICU selects (`{full, select, yes {…} other {…}}`). */
export function yesNo(value: boolean | undefined): 'yes' | 'no' {
  return value ? 'yes' : 'no';
}
