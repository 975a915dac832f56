/**
 * The one place where the server's error codes become messages (API-ERRORS): message ids of the
 * web's catalogue with their ICU values (`FieldProblem`), shown at a field or above the form, so a
 * page never shows the server's English.
 *
 * Errors arrive in two shapes: GraphQL errors with `extensions.code` (often `field`, and
 * `retryAfterSeconds` or `attemptsLeft`), and REST failures (`{ error: { code } }`, a 429's
 * `Retry-After`; `NETWORK` when the server could not be reached). Both are read as a `ServerError`;
 * each form then reads it with its own table below (`SERVER_ERRORS`).
 */
import type { FieldProblem } from '@studio/site/problems';
import { busyProblem, waitAmount, waitProblem } from './waitProblems';

export { busyProblem, waitAmount, waitProblem } from './waitProblems';

/** A GraphQL error as it reaches the client. */
export interface GraphQLErrorLike {
  message?: string;
  extensions?: Record<string, unknown> | null;
}

/** One error of the server: its code, the argument it names (or null) and every extension. */
export interface ServerError {
  code: string;
  field: string | null;
  extensions: Record<string, unknown>;
}

/** What a form shows for a server error: a field's message, or the form's (`field` null). */
export interface ServerProblem<F extends string = string> {
  field: F | null;
  problem: FieldProblem;
  /** Select the field's text when it gets the focus (a code or password to type again). */
  select?: boolean;
}

/** An error without a code (a failed answer that said nothing). */
export const UNKNOWN_ERROR: ServerError = { code: 'UNKNOWN', field: null, extensions: {} };

/** The first error that carries a code, with its extensions; `UNKNOWN` for codeless errors; null for none. */
export function firstError(errors: readonly GraphQLErrorLike[]): ServerError | null {
  for (const error of errors) {
    const extensions = error.extensions ?? {};
    if (typeof extensions['code'] === 'string') {
      return { code: extensions['code'], field: typeof extensions['field'] === 'string' ? extensions['field'] : null, extensions };
    }
  }
  return errors.length ? UNKNOWN_ERROR : null;
}

/** The code of the first error that has one (`UNKNOWN` for errors without), or null for none. */
export function errorCode(errors: readonly GraphQLErrorLike[]): string | null {
  return firstError(errors)?.code ?? null;
}

/** The GraphQL errors carried by a Relay mutation error (`error.source.errors`), if any. */
export function graphQLErrorsOf(error: unknown): GraphQLErrorLike[] {
  const source = (error as { source?: { errors?: unknown } } | null)?.source;
  return Array.isArray(source?.errors) ? (source.errors as GraphQLErrorLike[]) : [];
}

/** A failed REST call (session/authApi's `AuthApiError`: `code`, `status`, `retryAfterSeconds`, `field`, `problem`) as a ServerError. */
export function restError(error: unknown): ServerError {
  const rest = error as { code?: unknown; status?: unknown; retryAfterSeconds?: unknown; field?: unknown; problem?: unknown } | null;
  if (!(error instanceof Error) || typeof rest?.code !== 'string') return UNKNOWN_ERROR;
  return {
    code: rest.code,
    field: typeof rest.field === 'string' ? rest.field : null,
    extensions: { status: rest.status, retryAfterSeconds: rest.retryAfterSeconds, problem: rest.problem },
  };
}

/**
 * The message id the server named for a refused new password (`details.problem` /
 * `extensions.problem`, e.g. `passwords.error.context`), when it is one of the password rules;
 * else `fallback`.
 */
function passwordRule(error: ServerError, fallback = 'passwords.error.rejected'): string {
  const id = error.extensions['problem'];
  return typeof id === 'string' && (id.startsWith('passwords.error.') || id === 'validation.passwordTooShort') ? id : fallback;
}

const retryAfter = (error: ServerError) => error.extensions['retryAfterSeconds'] as number | null | undefined;

/** The account forms' message of an error no field owns: network, rate limit, busy server, or "something went wrong". */
export function formProblem(error: Pick<ServerError, 'code' | 'extensions'>): FieldProblem {
  switch (error.code) {
    case 'NETWORK':
      return { id: 'error.NETWORK' };
    case 'TOO_MANY_REQUESTS':
    case 'RATE_LIMITED':
      return waitProblem(error.extensions['retryAfterSeconds'] as number | undefined);
    case 'SERVER_BUSY':
      return busyProblem(error.extensions['retryAfterSeconds'] as number | undefined);
    default:
      return { id: 'error.UNKNOWN' };
  }
}

/** The profile's message for what a block does not handle itself: network, rate limit, busy server, or "could not save". */
export function genericProblem(errors: readonly GraphQLErrorLike[]): FieldProblem {
  return profileProblem(firstError(errors) ?? UNKNOWN_ERROR);
}

function profileProblem(error: ServerError): FieldProblem {
  return ['NETWORK', 'TOO_MANY_REQUESTS', 'RATE_LIMITED', 'SERVER_BUSY'].includes(error.code) ? formProblem(error) : { id: 'profile.error.save' };
}

/** How one form reads errors: a rule per code (null: not this rule), then `otherwise` above the form. */
type Rules<F extends string> = Record<string, (error: ServerError) => ServerProblem<F> | null>;

/** The server's storage is away (full disk, database down; SITE-UNAVAILABLE): nothing was saved, try later. */
const UNAVAILABLE_CODES: ReadonlySet<string> = new Set(['STORAGE_FULL', 'STORAGE_READ_ONLY', 'DATABASE_UNAVAILABLE']);

/** Any 429 (SEC-LIMITS) no rule of the form reads: its wait, whatever code (or none) came with it — never "something went wrong". */
const anyWait = (error: ServerError): ServerProblem<never> => ({ field: null, problem: waitProblem(retryAfter(error)) });

/** Whether the server refused for a rate limit: a 429 status, or a rate-limit code. */
function isWait(error: ServerError): boolean {
  return error.extensions['status'] === 429 || error.code === 'TOO_MANY_REQUESTS' || error.code === 'RATE_LIMITED';
}

function reader<F extends string>(rules: Rules<F>, otherwise: (error: ServerError) => FieldProblem, wait: (error: ServerError) => ServerProblem<F> = anyWait) {
  return (error: ServerError | null): ServerProblem<F> => {
    const known = error ?? UNKNOWN_ERROR;
    if (UNAVAILABLE_CODES.has(known.code)) return above('error.UNAVAILABLE');
    const rule = rules[known.code];
    if (!rule && known.code !== 'SERVER_BUSY' && isWait(known)) return wait(known);
    return rule?.(known) ?? { field: null, problem: otherwise(known) };
  };
}

const at = <F extends string>(field: F, id: string, values?: Record<string, number>): ServerProblem<F> => ({
  field,
  problem: values ? { id, values } : { id },
});
const above = (id: string): ServerProblem<never> => ({ field: null, problem: { id } });
/** BAD_USER_INPUT naming one of `fields`: that field's message. */
const badInput =
  <F extends string>(fields: Partial<Record<F, string>>) =>
  (error: ServerError): ServerProblem<F> | null => {
    const id = error.field === null ? undefined : fields[error.field as F];
    return id ? at(error.field as F, id) : null;
  };

/** The order form's message of a 429 (SEC-LIMITS): "try again in N minutes" (or hours, `waitAmount`) when the server said how long. */
function orderWait(error: ServerError): ServerProblem<never> {
  const seconds = Number(retryAfter(error));
  if (!Number.isFinite(seconds) || seconds <= 0) return above('order.error.tooManyRequests');
  const { unit, count } = waitAmount(Math.max(60, seconds));
  return unit === 'hours'
    ? { field: null, problem: { id: 'order.error.tooManyRequestsHours', values: { hours: count } } }
    : { field: null, problem: { id: 'order.error.tooManyRequestsMinutes', values: { minutes: count } } };
}

/** The order form's fields (ORDER-FIELDS) and the message of a value the server refused although the browser accepted it. */
const ORDER_REJECTED = {
  name: 'order.error.rejected',
  email: 'order.email.error.invalid',
  company: 'order.error.rejected',
  interest: 'order.interest.error.invalid',
  budget: 'order.budget.error.required',
  message: 'order.error.rejected',
  consent: 'order.consent.error.required',
  referralCode: 'order.referralCode.error.invalid',
} as const;
type OrderField = keyof typeof ORDER_REJECTED;

/**
 * The proof-of-work step (SEC-CHALLENGE): the server wants a solved challenge (the widget of
 * forms/Challenge.tsx then shows and solves it), or refused one (a fresh one is solved).
 */
const challengeRules = {
  CHALLENGE_REQUIRED: () => above('challenge.required'),
  CHALLENGE_INVALID: () => above('challenge.invalid'),
};

/** Each form's reading of the server's errors. Codes a form handles as a state (an expired code, a dead link) are read by the form first. */
export const SERVER_ERRORS = {
  /** Sign-in and registration (REST; AUTH-LOGIN never says whether an address has an account). */
  signIn: reader<'password'>(
    {
      RATE_LIMITED: (error) => ({ field: null, problem: retryAfter(error) ? waitProblem(retryAfter(error)) : { id: 'error.RATE_LIMITED' } }),
      // The account's growing delay of password checks (SEC-LIMITS passwordGuess) answers this code.
      TOO_MANY_REQUESTS: (error) => ({ field: null, problem: retryAfter(error) ? waitProblem(retryAfter(error)) : { id: 'error.RATE_LIMITED' } }),
      SERVER_BUSY: (error) => ({ field: null, problem: busyProblem(retryAfter(error)) }),
      INVALID_CREDENTIALS: () => above('error.INVALID_CREDENTIALS'),
      EMAIL_TAKEN: () => above('error.EMAIL_TAKEN'),
      // A refused new password (registration) names its rule, e.g. too close to the e-mail address.
      VALIDATION_FAILED: (error) =>
        error.field === 'password' && error.extensions['problem'] ? at('password', passwordRule(error)) : above('error.VALIDATION_FAILED'),
      NETWORK: () => above('error.NETWORK'),
      ...challengeRules,
    },
    () => ({ id: 'error.UNKNOWN' }),
  ),
  /** Asking for a reset link (ACC-RESET): the answer never depends on the address, so only wait, network, or generic. */
  resetRequest: reader<never>({}, formProblem),
  /** The new password of a reset link: refused by the server's rules. */
  resetPassword: reader<'password'>(
    {
      VALIDATION_FAILED: (error) => at('password', passwordRule(error)),
      // The account's current password typed as the new one (ACC-PASSWORD).
      PASSWORD_UNCHANGED: () => ({ ...at('password', 'passwords.error.unchanged'), select: true }),
    },
    formProblem,
  ),
  /** Set or change the password (ACC-PASSWORD). */
  updatePassword: reader<'oldPassword' | 'newPassword'>(
    {
      WRONG_PASSWORD: () => at('oldPassword', 'passwords.error.wrongPassword'),
      // The new password is the current one (ACC-PASSWORD): said at the new one, selected to type another.
      PASSWORD_UNCHANGED: () => ({ ...at('newPassword', 'passwords.error.unchanged'), select: true }),
      BAD_USER_INPUT: (error) =>
        error.field === 'newPassword'
          ? at('newPassword', passwordRule(error))
          : badInput<'oldPassword' | 'newPassword'>({ oldPassword: 'passwords.error.wrongPassword' })(error),
    },
    formProblem,
  ),
  /** Step 1 of an e-mail change (ACC-EMAIL): the new address (the proof is the re-authentication dialog's, ACC-SUDO). */
  changeEmail: reader<'email'>(
    {
      EMAIL_TAKEN: () => at('email', 'passwords.changeEmail.taken'),
      BAD_USER_INPUT: badInput({ email: 'validation.email' }),
    },
    formProblem,
  ),
  /** A mailed code (ACC-EMAIL): a wrong one says how many tries are left. */
  emailCode: reader<'code'>(
    {
      CODE_INVALID: (error) => {
        const attemptsLeft = Number(error.extensions['attemptsLeft']);
        const problem = Number.isFinite(attemptsLeft) ? at('code', 'passwords.code.wrongAttempts', { attemptsLeft }) : at('code', 'passwords.code.wrong');
        return { ...problem, select: true };
      },
      BAD_USER_INPUT: () => at('code', 'passwords.code.format'),
    },
    formProblem,
  ),
  /** Any other account action without fields (cancel an e-mail change, send a new code). */
  account: reader<never>({}, formProblem),
  /** The display name (ACC-FIELDS): the wait of a rate limit or a busy server as such, every other failure "could not save your name". */
  changeName: reader<never>({}, (error) =>
    ['TOO_MANY_REQUESTS', 'RATE_LIMITED', 'SERVER_BUSY'].includes(error.code) ? formProblem(error) : { id: 'profile.changeName.error' },
  ),
  /**
   * Deleting the account (ACC-DELETE): a wrong password, or a wrong mailed code (with the tries
   * left) at the field; a void code, the wait of the account's password delay, money in payout
   * (LEDGER-DELETION), or anything else above.
   */
  deleteAccount: reader<'confirmation'>(
    {
      WRONG_PASSWORD: () => ({ ...at('confirmation', 'profile.delete.error.wrongPassword'), select: true }),
      CODE_INVALID: (error) => {
        const attemptsLeft = Number(error.extensions['attemptsLeft']);
        return {
          ...(Number.isFinite(attemptsLeft)
            ? at('confirmation', 'passwords.code.wrongAttempts', { attemptsLeft })
            : at('confirmation', 'passwords.code.wrong')),
          select: true,
        };
      },
      CODE_EXPIRED: () => above('profile.delete.code.expired'),
      PAYOUT_IN_PROGRESS: () => above('profile.delete.error.payoutInProgress'),
    },
    profileProblem,
  ),
  /**
   * A profile value edited in place (ACC-FIELDS); everything is shown at the field. BAD_USER_INPUT
   * for it reads as the browser's own check (`recheck`, the server's rules) when that finds the problem.
   */
  profileField: <F extends string>(field: F, recheck: FieldProblem | null) =>
    reader<F>(
      {
        USERNAME_TAKEN: () => (field === 'username' ? at(field, 'profile.username.error.taken') : null),
        BAD_USER_INPUT: (error) => (error.field === field ? { field, problem: recheck ?? { id: 'profile.field.error.rejected' } } : null),
      },
      profileProblem,
    ),
  /** The order form (ORDER-FIELDS, ORDER-MAIL): a refused field, any 429 as "try again in N minutes", the challenge step, else "could not send". */
  order: (recheck: (field: OrderField) => FieldProblem | null) =>
    reader<OrderField>(
      {
        TOO_MANY_REQUESTS: orderWait,
        RATE_LIMITED: orderWait,
        ...challengeRules,
        BAD_USER_INPUT: (error) => {
          const field = error.field as OrderField | null;
          return field !== null && Object.hasOwn(ORDER_REJECTED, field) ? { field, problem: recheck(field) ?? { id: ORDER_REJECTED[field] } } : null;
        },
      },
      () => ({ id: 'order.error.send' }),
      orderWait,
    ),
};
