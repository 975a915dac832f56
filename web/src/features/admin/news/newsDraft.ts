/**
 * The news editor's model (ADMIN-AREA): the texts of every language as typed (the body as one text,
 * a blank line between paragraphs) and the product's slug; the checks of the schema's
 * `NewsItemTextsInput` (title 1–200, summary 1–400, body 1–30 paragraphs of at most 4000
 * characters), and the mutation arguments made of a draft.
 */
import { GRAPHQL_LOCALE, type Locale } from '../../../i18n/locales';
import { EDITOR_LOCALES, type FieldProblems, checkItems, checkText, joinParagraphs, splitParagraphs } from '../editor/texts';

export const NEWS_TITLE_MAX = 200;
export const NEWS_SUMMARY_MAX = 400;
export const NEWS_PARAGRAPHS_MAX = 30;
export const NEWS_PARAGRAPH_MAX = 4000;

export interface NewsTexts {
  title: string;
  summary: string;
  /** Paragraphs separated by a blank line. */
  body: string;
}

export interface NewsDraft {
  texts: Record<Locale, NewsTexts>;
  /** The product's slug, or '' for none. */
  productSlug: string;
}

/** The loaded texts of one language (empty strings for a new item). */
export interface LoadedNewsTexts {
  title: string;
  summary: string;
  body: readonly string[];
}

export function newsDraft(texts: Partial<Record<Locale, LoadedNewsTexts>>, productSlug: string | null): NewsDraft {
  const entry = (locale: Locale): NewsTexts => {
    const t = texts[locale];
    return { title: t?.title ?? '', summary: t?.summary ?? '', body: joinParagraphs(t?.body ?? []) };
  };
  return { texts: { en: entry('en'), ru: entry('ru'), es: entry('es') }, productSlug: productSlug ?? '' };
}

/** Every problem of the draft, keyed `<locale>.title|summary|body`. */
export function newsProblems(draft: NewsDraft): FieldProblems {
  const problems: FieldProblems = {};
  for (const locale of EDITOR_LOCALES) {
    const t = draft.texts[locale];
    const title = checkText(t.title, NEWS_TITLE_MAX);
    const summary = checkText(t.summary, NEWS_SUMMARY_MAX);
    const body = checkItems(splitParagraphs(t.body), { min: 1, maxItems: NEWS_PARAGRAPHS_MAX, maxLength: NEWS_PARAGRAPH_MAX });
    if (title) problems[`${locale}.title`] = title;
    if (summary) problems[`${locale}.summary`] = summary;
    if (body) problems[`${locale}.body`] = body;
  }
  return problems;
}

/** The `texts` argument: every language, in column order (server errors name their index). */
export function newsTextsInput(draft: NewsDraft) {
  return EDITOR_LOCALES.map((locale) => ({
    locale: GRAPHQL_LOCALE[locale],
    title: draft.texts[locale].title.trim(),
    summary: draft.texts[locale].summary.trim(),
    body: splitParagraphs(draft.texts[locale].body),
  }));
}

/** The argument names of the news mutations, as the editor's field keys. */
export const NEWS_FIELD_NAMES: Record<string, string> = { title: 'title', summary: 'summary', body: 'body', productSlug: 'product' };
