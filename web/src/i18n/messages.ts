/**
 * Message catalogues: compiled formatjs ASTs (scripts/compile-messages.mjs). On the server all
 * three are bundled; in the browser the current one arrives with the page and others are
 * fetched from /_i18n/<locale>/messages.json when the visitor switches language.
 */
import type { MessageFormatElement } from 'react-intl';
import type { Locale } from '@studio/site/locales';

export type Messages = Record<string, MessageFormatElement[]>;

const cache = new Map<Locale, Messages>();

/** Loads (once) the catalogue of `locale`. Server: bundled import. Browser: fetch. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const hit = cache.get(locale);
  if (hit) return hit;
  let messages: Messages;
  if (import.meta.env.SSR) {
    const modules = {
      en: () => import('./compiled/en.json'),
      ru: () => import('./compiled/ru.json'),
      es: () => import('./compiled/es.json'),
    };
    messages = (await modules[locale]()).default as unknown as Messages;
  } else {
    const response = await fetch(`/_i18n/${locale}/messages.json`);
    if (!response.ok) throw new Error(`Could not load messages for ${locale}: HTTP ${response.status}`);
    messages = (await response.json()) as Messages;
  }
  cache.set(locale, messages);
  return messages;
}

/** Seeds the cache with a catalogue that arrived with the page. */
export function primeMessages(locale: Locale, messages: Messages): void {
  cache.set(locale, messages);
}
