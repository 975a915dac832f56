/**
 * Values the mails show in the reader's language, formatted with Intl before they enter a message
 * (the catalogues take them as plain text): money (PAYOUT-MAIL), instants (MAIL-SECURITY) and
 * language names (ORDER-MAIL).
 */
import type { MailLocale } from './templates.js';

/**
 * `minor` units of `currency` (ISO 4217, e.g. `USD`) as money in `locale`: Intl's currency style with
 * the currency's decimals as Intl knows them (2 for USD/EUR, 0 for JPY, 3 for KWD) —
 * `formatMoney(123450, 'USD', 'ru')` → `1 234,50 $`.
 * @throws RangeError for a malformed currency code (the ledger only stores three capital letters).
 */
export function formatMoney(minor: number, currency: string, locale: MailLocale): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** An ISO instant as a date and time to the minute in `locale`, in UTC with the zone named ("November 24, 2026 at 9:05 PM UTC"). */
export function formatWhen(at: string, locale: MailLocale): string {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  };
  return new Intl.DateTimeFormat(locale, options).format(new Date(at));
}

/** The name of `locale` in the language `inLocale` ("Russian", "русский", "ruso"). */
export function languageName(locale: MailLocale, inLocale: MailLocale): string {
  return new Intl.DisplayNames([inLocale], { type: 'language' }).of(locale) ?? locale;
}
