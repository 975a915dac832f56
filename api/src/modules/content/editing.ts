/**
 * The rules shared by the administrators' content editors (ADMIN-CONCURRENCY): the errors of a
 * stale `version` and of a missing translation, as `HttpError`s that platform/graphql/errors.ts `fromServiceError`
 * turns into GraphQL errors with `extensions.code` and `extensions.field`.
 */
import type { Locale } from '@studio/site/locales';
import type { AuditActor } from '../../platform/audit.js';
import { HttpError } from '../../platform/http/errors.js';

/** What an administrator's change carries: the `version` the editor saw (optional) and who acts (ADMIN-CONCURRENCY, ADMIN-AUDIT). */
export interface EditOptions {
  version?: number | undefined;
  actor: AuditActor;
}

/** The English name of each site language, for messages naming one. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ru: 'Russian', es: 'Spanish' };

/** The message of VERSION_CONFLICT (shared with the web, which shows its own translation). */
export const VERSION_CONFLICT_MESSAGE = 'This was changed since you opened it; reload to see the changes.';

/** VERSION_CONFLICT on `version`: the object changed since the editor read it; nothing was stored. */
export function versionConflict(): HttpError {
  return new HttpError(409, 'VERSION_CONFLICT', VERSION_CONFLICT_MESSAGE, { field: 'version' });
}

/** TRANSLATION_MISSING on `texts.<locale>`, naming the language in English. */
export function translationMissing(locale: Locale, what = 'text'): HttpError {
  return new HttpError(400, 'TRANSLATION_MISSING', `texts.${locale}: the ${LANGUAGE_NAMES[locale]} ${what} is missing or incomplete`, {
    field: `texts.${locale}`,
  });
}

/** BAD_USER_INPUT naming `field`. */
export function badContentInput(field: string, message: string): HttpError {
  return new HttpError(400, 'BAD_USER_INPUT', `${field}: ${message}`, { field });
}
