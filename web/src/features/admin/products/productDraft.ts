/**
 * The product texts editor's model (ADMIN-AREA): every language's name, tagline, description (one
 * text, a blank line between paragraphs) and features (one a line) as typed; the checks of the
 * schema's `ProductTextsInput` (name 1–80, tagline 1–200, description 1–10 paragraphs of at most
 * 4000 characters, up to 12 features of at most 300), and the `updateProduct` texts of a draft.
 */
import { GRAPHQL_LOCALE, type Locale } from '../../../i18n/locales';
import { EDITOR_LOCALES, type FieldProblems, checkItems, checkText, joinLines, joinParagraphs, splitLines, splitParagraphs } from '../editor/texts';

export const PRODUCT_NAME_MAX = 80;
export const PRODUCT_TAGLINE_MAX = 200;
export const PRODUCT_PARAGRAPHS_MAX = 10;
export const PRODUCT_FEATURES_MAX = 12;

export interface ProductTexts {
  name: string;
  tagline: string;
  /** Paragraphs separated by a blank line. */
  description: string;
  /** One feature a line. */
  features: string;
}

export type ProductDraft = Record<Locale, ProductTexts>;

/** The loaded texts of one language. */
export interface LoadedProductTexts {
  name: string;
  tagline: string;
  description: readonly string[];
  features: readonly string[];
}

export function productDraft(texts: Record<Locale, LoadedProductTexts>): ProductDraft {
  const entry = (t: LoadedProductTexts): ProductTexts => ({
    name: t.name,
    tagline: t.tagline,
    description: joinParagraphs(t.description),
    features: joinLines(t.features),
  });
  return { en: entry(texts.en), ru: entry(texts.ru), es: entry(texts.es) };
}

/** Every problem of the draft, keyed `<locale>.name|tagline|description|features`. */
export function productProblems(draft: ProductDraft): FieldProblems {
  const problems: FieldProblems = {};
  for (const locale of EDITOR_LOCALES) {
    const t = draft[locale];
    const checks = {
      name: checkText(t.name, PRODUCT_NAME_MAX),
      tagline: checkText(t.tagline, PRODUCT_TAGLINE_MAX),
      description: checkItems(splitParagraphs(t.description), { min: 1, maxItems: PRODUCT_PARAGRAPHS_MAX, maxLength: 4000 }),
      features: checkItems(splitLines(t.features), { min: 0, maxItems: PRODUCT_FEATURES_MAX, maxLength: 300 }),
    };
    for (const [field, problem] of Object.entries(checks)) if (problem) problems[`${locale}.${field}`] = problem;
  }
  return problems;
}

/** The `texts` argument of `updateProduct`: every language complete, in column order. */
export function productTextsInput(draft: ProductDraft) {
  return EDITOR_LOCALES.map((locale) => ({
    locale: GRAPHQL_LOCALE[locale],
    name: draft[locale].name.trim(),
    tagline: draft[locale].tagline.trim(),
    description: splitParagraphs(draft[locale].description),
    features: splitLines(draft[locale].features),
  }));
}

/** The argument names of `updateProduct`'s texts, as the editor's field keys. */
export const PRODUCT_FIELD_NAMES: Record<string, string> = { name: 'name', tagline: 'tagline', description: 'description', features: 'features' };
