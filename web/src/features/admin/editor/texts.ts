/**
 * The shared rules of the admin texts editors (ADMIN-AREA): news and products are edited in every
 * site language at once. Paragraph fields are one textarea where a blank line separates paragraphs;
 * list fields (product features) one line per item. Each check answers a `FieldProblem` (a message id
 * of the catalogue with its values) or null; problems are keyed `<locale>.<field>`.
 */
import type { FieldProblem } from '@studio/site/problems';
import { LOCALES, type Locale } from '../../../i18n/locales';

export type { FieldProblem };

/** The languages an editor shows, in column order (the order texts are sent in, too). */
export const EDITOR_LOCALES: readonly Locale[] = LOCALES;

/** Problems by `<locale>.<field>` (e.g. `ru.title`), or `product` and other language-free fields by name. */
export type FieldProblems = Record<string, FieldProblem>;

/** The paragraphs of `text`: separated by blank lines, each trimmed, empty ones dropped. */
export function splitParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The non-empty, trimmed lines of `text` (one list item each). */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Paragraphs as the textarea shows them: a blank line between two. */
export const joinParagraphs = (paragraphs: readonly string[]): string => paragraphs.join('\n\n');

/** List items as the textarea shows them: one a line. */
export const joinLines = (lines: readonly string[]): string => lines.join('\n');

/** A single-line text of 1..max characters after trimming. */
export function checkText(value: string, max: number): FieldProblem | null {
  const trimmed = value.trim();
  if (!trimmed) return { id: 'validation.required' };
  if (trimmed.length > max) return { id: 'validation.tooLong', values: { max } };
  return null;
}

/** A list of `min`..`maxItems` items of at most `maxLength` characters each. */
export function checkItems(items: readonly string[], rule: { min: number; maxItems: number; maxLength: number }): FieldProblem | null {
  if (items.length < rule.min) return { id: 'validation.required' };
  if (items.length > rule.maxItems) return { id: 'admin.editor.error.tooMany', values: { max: rule.maxItems } };
  const longest = Math.max(0, ...items.map((item) => item.length));
  if (longest > rule.maxLength) return { id: 'admin.editor.error.itemTooLong', values: { max: rule.maxLength } };
  return null;
}

/** The languages with at least one problem, in column order (publishing names them). */
export function localesWithProblems(problems: FieldProblems): Locale[] {
  return EDITOR_LOCALES.filter((locale) => Object.keys(problems).some((key) => key.startsWith(`${locale}.`)));
}
