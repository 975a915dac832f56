/**
 * Phone numbers (ACC-FIELDS): what a person types — spaces, brackets, dashes, dots, an
 * international "+…" or "00…" number, or a national number of the page's country ("8 (912)
 * 345-67-89" on /ru) — is parsed with libphonenumber-js, validated for its country, and stored in
 * E.164 ("+79123456789"); a stored number is shown in the international format ("+7 912 345 67 89").
 * The browser and the server use the same rule (`phoneField`), so the server normalises whatever an
 * API client sends and never trusts the browser's conversion.
 *
 * A module of its own, not part of ./fields.ts: the phone metadata (~80 KB) stays out of the
 * bundles that need no phone (the order form's island).
 */
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import type { Locale } from './locales.js';

/** The country whose national numbers each locale's pages read (ru → RU, es → ES, en → US). */
export const PHONE_COUNTRY: Record<Locale, CountryCode> = { en: 'US', ru: 'RU', es: 'ES' };

/** E.164: "+" and 8–15 digits, the first not 0 (ITU-T E.164) — what is stored. */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;

/** The characters a typed number may have: digits, "+", spaces, brackets, dashes, dots and slashes (no letters, no extensions). */
const TYPED_PATTERN = /^[+\d\s().\-/\u00a0\u2010-\u2015]*$/;

/** The message id of a number that cannot be read (shown in the user's language; English on the server). */
export const PHONE_PROBLEM = 'profile.phone.error.format';

/** A country code (ISO 3166-1 alpha-2, any case) that libphonenumber knows, upper-cased; else undefined. */
export function phoneCountry(hint: string | null | undefined): CountryCode | undefined {
  const code = hint?.trim().toUpperCase();
  return code && isSupportedCountry(code) ? code : undefined;
}

/**
 * The E.164 form of a typed number, or null when it is no valid number. National numbers are read
 * as numbers of `country` (when given); "00" before a country code counts as "+".
 */
export function parsePhone(typed: string, country?: CountryCode): string | null {
  const value = typed.trim();
  if (!value || value.length > 40 || !TYPED_PATTERN.test(value)) return null;
  const international = value.replace(/^00(?=[1-9])/, '+');
  const parsed = parsePhoneNumberFromString(international, country ? { defaultCountry: country } : undefined);
  if (!parsed?.isValid()) return null;
  return E164_PATTERN.test(parsed.number) ? parsed.number : null;
}

/** A stored E.164 number in the international format ("+79123456789" → "+7 912 345 67 89"); anything else as it is. */
export function formatPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  const parsed = parsePhoneNumberFromString(stored);
  return parsed?.isValid() ? parsed.formatInternational() : stored;
}

/**
 * The phone field (ACC-FIELDS): trimmed; empty clears it (''); otherwise a valid number, read with
 * `country` for national numbers, becomes its E.164 form, else the problem `profile.phone.error.format`.
 */
export function phoneField(country?: CountryCode) {
  return z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === '') return '';
      const e164 = parsePhone(value, country);
      if (e164) return e164;
      ctx.addIssue({ code: 'custom', message: PHONE_PROBLEM });
      return z.NEVER;
    });
}
