/**
 * What a failed save, publish or delete of the admin texts editors shows (ADMIN-AREA,
 * ADMIN-CONCURRENCY): `VERSION_CONFLICT` (someone saved since the editor loaded; reload), a
 * `TRANSLATION_MISSING` naming a language (`field` `texts.<locale>`), BAD_USER_INPUT at a field
 * (`texts.<index>.<field>` or `texts.<locale>.<field>`, index into the texts as sent), or a message
 * above the form for everything else.
 */
import { type GraphQLErrorLike, firstError } from '../../../forms/serverErrors';
import { LOCALES, type Locale } from '../../../i18n/locales';
import type { FieldProblem, FieldProblems } from './texts';

export type EditorFailure =
  { kind: 'conflict' } | { kind: 'missingLanguage'; locale: Locale } | { kind: 'fields'; fields: FieldProblems } | { kind: 'form'; problem: FieldProblem };

const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value.toLowerCase());

/** The message for errors the editors do not place at a field. */
function formProblem(code: string): FieldProblem {
  if (code === 'NETWORK') return { id: 'error.NETWORK' };
  if (code === 'FORBIDDEN') return { id: 'admin.editor.error.forbidden' };
  return { id: 'admin.editor.error.save' };
}

/**
 * Reads the errors of a failed editor mutation. `sentLocales` is the order of the `texts` sent, to
 * place an error on `texts.<index>.<field>`; `fieldNames` maps the argument names to the editor's
 * field keys (e.g. `body` → `body`, `productSlug` → `product`).
 */
export function readEditorFailure(errors: readonly GraphQLErrorLike[], sentLocales: readonly Locale[], fieldNames: Record<string, string>): EditorFailure {
  const error = firstError(errors);
  if (!error) return { kind: 'form', problem: formProblem('UNKNOWN') };
  if (error.code === 'VERSION_CONFLICT') return { kind: 'conflict' };
  const parts = (error.field ?? '').split('.');
  const at = parts[1] ?? '';
  const locale = isLocale(at) ? (at.toLowerCase() as Locale) : /^\d+$/.test(at) ? sentLocales[Number(at)] : undefined;
  if (error.code === 'TRANSLATION_MISSING' && locale) return { kind: 'missingLanguage', locale };
  if (error.code === 'BAD_USER_INPUT' || error.code === 'VALIDATION_FAILED') {
    const field = parts[0] === 'texts' ? fieldNames[parts[2] ?? ''] : fieldNames[parts[0] ?? ''];
    if (field) {
      const key = parts[0] === 'texts' && locale ? `${locale}.${field}` : field;
      return { kind: 'fields', fields: { [key]: { id: 'admin.editor.error.invalid' } } };
    }
  }
  return { kind: 'form', problem: formProblem(error.code) };
}
