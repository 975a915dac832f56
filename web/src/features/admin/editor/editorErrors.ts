/**
 * What a failed save, publish or delete of the admin texts editors shows (ADMIN-AREA,
 * ADMIN-CONCURRENCY): `VERSION_CONFLICT` (someone saved since the editor loaded; reload), a
 * `TRANSLATION_MISSING` naming a language (`field` `texts.<locale>`), BAD_USER_INPUT at a field
 * (`texts.<index>.<field>` or `texts.<locale>.<field>`, index into the texts as sent), or a message
 * above the form for everything else (the messages: forms/serverErrors.ts, `SERVER_ERRORS.editor`).
 */
import { type GraphQLErrorLike, SERVER_ERRORS, UNKNOWN_ERROR, firstError } from '../../../forms/serverErrors';
import { LOCALES, type Locale } from '../../../i18n/locales';
import type { FieldProblem, FieldProblems } from './texts';

export type EditorFailure =
  { kind: 'conflict' } | { kind: 'missingLanguage'; locale: Locale } | { kind: 'fields'; fields: FieldProblems } | { kind: 'form'; problem: FieldProblem };

const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value.toLowerCase());

/**
 * Reads the errors of a failed editor mutation. `sentLocales` is the order of the `texts` sent, to
 * place an error on `texts.<index>.<field>`; `fieldNames` maps the argument names to the editor's
 * field keys (e.g. `body` → `body`, `productSlug` → `product`).
 */
export function readEditorFailure(errors: readonly GraphQLErrorLike[], sentLocales: readonly Locale[], fieldNames: Record<string, string>): EditorFailure {
  const error = firstError(errors) ?? UNKNOWN_ERROR;
  if (error.code === 'VERSION_CONFLICT') return { kind: 'conflict' };
  const parts = (error.field ?? '').split('.');
  const at = parts[1] ?? '';
  const locale = isLocale(at) ? (at.toLowerCase() as Locale) : /^\d+$/.test(at) ? sentLocales[Number(at)] : undefined;
  if (error.code === 'TRANSLATION_MISSING' && locale) return { kind: 'missingLanguage', locale };
  const found = SERVER_ERRORS.editor(error);
  const field = parts[0] === 'texts' ? fieldNames[parts[2] ?? ''] : fieldNames[parts[0] ?? ''];
  if (found.field && field) return { kind: 'fields', fields: { [parts[0] === 'texts' && locale ? `${locale}.${field}` : field]: found.problem } };
  // A refused field the editor has no place for reads as a failure it cannot explain.
  return { kind: 'form', problem: found.field ? SERVER_ERRORS.editor(UNKNOWN_ERROR).problem : found.problem };
}
