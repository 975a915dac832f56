import { DEFAULT_LOCALE, type Locale, isLocale } from '@studio/site/locales';

/** A user's mail language, falling back to English for anything unknown (SITE-LOCALES). */
export function mailLocale(value: string | null | undefined): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
