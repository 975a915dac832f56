/** The rules of an administrator's news change: one text per language, the audit target, slug races (SITE-NEWS, ADMIN-AUDIT). */
import { LOCALES, type Locale } from '@studio/site/locales';
import type { AuditTarget } from '../../platform/audit.js';
import { isUniqueViolation } from '../../platform/db/index.js';
import type { NewsItemRow } from '../../platform/db/types.js';
import { badContentInput as badInput } from './editing.js';
import type { NewsTexts } from './files.js';

/** A news item's texts in one locale, as an administrator sends them. */
export type NewsTextsInput = NewsTexts & { locale: Locale };

/** The audit target of `row`: labelled with its English title (the given texts', else the stored ones'). */
export function target(row: NewsItemRow, texts: ReadonlyArray<{ locale: string; title: string }>): AuditTarget {
  return { type: 'NewsItem', id: row.id, label: texts.find((t) => t.locale === 'en')?.title ?? texts[0]?.title ?? row.id };
}

/** The rows to store for `texts`: one per language; with `requireAll`, every language. */
export function translationRows(texts: readonly NewsTextsInput[], requireAll: boolean) {
  const locales = texts.map((t) => t.locale);
  if (new Set(locales).size !== locales.length) throw badInput('texts', 'one entry per language');
  if (requireAll && !LOCALES.every((l) => locales.includes(l))) throw badInput('texts', 'English, Russian and Spanish texts are all required');
  return texts.map((t) => ({ locale: t.locale, title: t.title, summary: t.summary, body: JSON.stringify(t.body) }));
}

/**
 * Runs `work` (a transaction that gives slugs) again when it lost a race for a slug to another
 * transaction (a unique violation on `news_slugs`), at most three times: the next run sees the
 * slug taken and picks the next free one (SITE-NEWS).
 */
export async function retryOnSlugRace<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}
