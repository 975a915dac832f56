/**
 * Reading stored content texts (SITE-CONTENT): every product and news item has texts per locale;
 * a missing translation falls back to English. Lists (paragraphs, features, technologies) are
 * stored as JSON arrays of strings.
 */
import { DEFAULT_LOCALE, type Locale } from '@studio/site/locales';

/** The row of `locale`, else the English one, else undefined. */
export function pickTranslation<T extends { locale: string }>(rows: readonly T[], locale: Locale): T | undefined {
  return rows.find((row) => row.locale === locale) ?? rows.find((row) => row.locale === DEFAULT_LOCALE);
}

/** The strings of a stored JSON array; [] for nothing, invalid JSON or not an array. */
export function jsonList(text: string | undefined): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Groups `rows` by `key` in the order of `ids` (a loader's batch answer: [] where none). */
export function groupBy<T>(ids: readonly string[], rows: readonly T[], key: (row: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return ids.map((id) => groups.get(id) ?? []);
}
