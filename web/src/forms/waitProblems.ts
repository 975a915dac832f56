/**
 * The messages of a refusal that asks to wait (SEC-LIMITS, SEC-HASHING): a rate limit's "try again
 * in …" and a busy server's, as message ids of the web's catalogue with their ICU values.
 */
import type { FieldProblem } from '@studio/site/problems';

/**
 * A wait in the unit a person reads best, never shorter than the real one (SEC-LIMITS): seconds
 * under a minute, whole minutes up to three hours (whole hours when they are exact), else hours.
 * The message ids' ICU plurals say it in each language ("in 4 minutes", "через 4 минуты").
 */
export function waitAmount(seconds: number): { unit: 'seconds' | 'minutes' | 'hours'; count: number } {
  if (seconds < 60) return { unit: 'seconds', count: Math.max(1, Math.ceil(seconds)) };
  const minutes = Math.ceil(seconds / 60);
  if (minutes % 60 === 0) return { unit: 'hours', count: minutes / 60 };
  if (minutes < 180) return { unit: 'minutes', count: minutes };
  return { unit: 'hours', count: Math.ceil(minutes / 60) };
}

/** "Too many attempts. Please try again in …" (SEC-LIMITS): in seconds, minutes or hours (`waitAmount`); no number when unknown. */
export function waitProblem(seconds: number | null | undefined): FieldProblem {
  const s = Number(seconds);
  if (seconds === null || seconds === undefined || !Number.isFinite(s) || s <= 0) return { id: 'passwords.error.tooManyRequests' };
  const { unit, count } = waitAmount(s);
  if (unit === 'seconds') return { id: 'passwords.error.waitSeconds', values: { seconds: count } };
  if (unit === 'minutes') return { id: 'passwords.error.waitMinutes', values: { minutes: count } };
  return { id: 'passwords.error.waitHours', values: { hours: count } };
}

/** "The server is busy — try again in …" (SEC-HASHING: 429 `SERVER_BUSY`, its password checks are all taken); no number when unknown. */
export function busyProblem(seconds: number | null | undefined): FieldProblem {
  const s = Number(seconds);
  return Number.isFinite(s) && s > 0 ? { id: 'error.SERVER_BUSY.seconds', values: { seconds: Math.ceil(s) } } : { id: 'error.SERVER_BUSY' };
}

/** The order form's wording of a wait (ORDER-MAIL): at least a minute, in minutes or hours (`waitAmount`); no number when unknown. */
export function orderWaitProblem(seconds: number | null | undefined): FieldProblem {
  const s = Number(seconds);
  if (seconds === null || seconds === undefined || !Number.isFinite(s) || s <= 0) return { id: 'order.error.tooManyRequests' };
  const { unit, count } = waitAmount(Math.max(60, s));
  return unit === 'hours'
    ? { id: 'order.error.tooManyRequestsHours', values: { hours: count } }
    : { id: 'order.error.tooManyRequestsMinutes', values: { minutes: count } };
}
