/**
 * The one place where the server's error codes become messages (API-ERRORS): `MESSAGES`, one table
 * from every code a form can receive to a message id of the web's catalogue (a rule where the
 * error's extensions choose the id or its values), and `SERVER_ERRORS`, each form's reading of it:
 * where a message is shown, the few codes that must read differently there, and the form's own
 * "could not …" for codes the table does not know — BAD_USER_INPUT, FORBIDDEN and UNAUTHENTICATED
 * among them, which mean what the form makes of them. So every form says the storage away
 * (SITE-UNAVAILABLE) and any 429's wait (SEC-LIMITS) alike. Codes a form handles as a state (an
 * expired code, a spent challenge) are read by the form first; errors arrive as ./errorShapes.ts.
 */
import type { FieldProblem } from '@studio/site/problems';
import { type GraphQLErrorLike, type ServerError, type ServerProblem, UNKNOWN_ERROR, firstError, isWait, minimumOf, retryAfter } from './errorShapes';
import { busyProblem, orderWaitProblem, waitProblem } from './waitProblems';

export type { GraphQLErrorLike, ServerError, ServerProblem } from './errorShapes';
export { UNKNOWN_ERROR, errorCode, firstError, graphQLErrorsOf, minimumOf, restError } from './errorShapes';
export { busyProblem, waitAmount, waitProblem } from './waitProblems';

/** A wrong code (ACC-EMAIL, ACC-DELETE): how many tries are left, when the server said. */
function wrongCode(error: ServerError): FieldProblem {
  const attemptsLeft = Number(error.extensions['attemptsLeft']);
  return Number.isFinite(attemptsLeft) ? { id: 'passwords.code.wrongAttempts', values: { attemptsLeft } } : { id: 'passwords.code.wrong' };
}

/** A code's message: a message id, or how the error's extensions choose it. */
type Message = string | ((error: ServerError) => FieldProblem);

/** The one table: every code a form can receive → its message, unless a form's reading says otherwise. */
export const MESSAGES: Readonly<Record<string, Message>> = {
  // Every form (SEC-LIMITS, SEC-HASHING, SITE-UNAVAILABLE).
  NETWORK: 'error.NETWORK',
  TOO_MANY_REQUESTS: (error) => waitProblem(retryAfter(error)),
  RATE_LIMITED: (error) => waitProblem(retryAfter(error)),
  SERVER_BUSY: (error) => busyProblem(retryAfter(error)),
  STORAGE_FULL: 'error.UNAVAILABLE',
  STORAGE_READ_ONLY: 'error.UNAVAILABLE',
  DATABASE_UNAVAILABLE: 'error.UNAVAILABLE',
  // Signing in (AUTH-LOGIN, SEC-CHALLENGE, ACC-2FA, ACC-2FA-RECOVERY).
  INVALID_CREDENTIALS: 'error.INVALID_CREDENTIALS',
  EMAIL_TAKEN: 'error.EMAIL_TAKEN',
  VALIDATION_FAILED: 'error.VALIDATION_FAILED',
  CHALLENGE_REQUIRED: 'challenge.required',
  CHALLENGE_INVALID: 'challenge.invalid',
  TWO_FACTOR_CODE_INVALID: 'auth.twoFactor.wrongCode',
  TWO_FACTOR_CHALLENGE_INVALID: 'auth.twoFactor.expired',
  RECOVERY_LINK_INVALID: 'recovery.cancel.invalid',
  RECOVERY_ALREADY_CANCELLED: 'recovery.cancel.alreadyCancelled',
  RECOVERY_ALREADY_DONE: 'recovery.cancel.alreadyDone',
  // The account (ACC-PASSWORD, ACC-EMAIL, ACC-FIELDS, ACC-DELETE, ACC-LINKED, ACC-PASSKEYS, ACC-SUDO).
  WRONG_PASSWORD: 'passwords.error.wrongPassword',
  PASSWORD_UNCHANGED: 'passwords.error.unchanged',
  CODE_INVALID: wrongCode,
  CODE_EXPIRED: 'payouts.reauth.emailCodeExpired',
  USERNAME_TAKEN: 'profile.username.error.taken',
  PAYOUT_IN_PROGRESS: 'profile.delete.error.payoutInProgress',
  LAST_SIGN_IN_METHOD: 'profile.accounts.error.lastMethod',
  PASSKEY_LIMIT: 'profile.passkeys.limit',
  PASSKEY_EXISTS: 'profile.passkeys.exists',
  PASSKEY_INVALID: 'profile.passkeys.invalid',
  NO_PASSKEY: 'payouts.reauth.passkeyInvalid',
  REAUTHENTICATION_REQUIRED: 'payouts.error.reauthenticationRequired',
  // Payouts (PAYOUT-REQUEST, PAYOUT-METHOD, PAYOUT-COOLDOWN, PAYOUT-QUEUE).
  NO_WITHDRAWAL_METHOD: 'payouts.error.noMethod',
  ONBOARDING_INCOMPLETE: 'payouts.error.onboardingIncomplete',
  NOTHING_TO_PAY_OUT: 'payouts.error.nothing',
  STRIPE_UNAVAILABLE: 'payouts.error.stripeUnavailable',
  PROVIDER_UNAVAILABLE: 'payouts.error.providerUnavailable',
  INVALID_PAYOUT_STATE: 'payouts.error.invalidState',
  PAYOUTS_PAUSED: (error) => ({ id: typeof error.extensions['until'] === 'string' ? 'payouts.error.pausedUntil' : 'payouts.error.paused' }),
  BELOW_MINIMUM: (error) => ({ id: minimumOf(error) ? 'payouts.error.belowMinimum' : 'payouts.error.belowMinimumUnknown' }),
  // The back office (ADMIN-CONCURRENCY, REQ-WORKFLOW, ADMIN-USERS, LEDGER-ADJUSTMENT).
  VERSION_CONFLICT: 'admin.requests.error.conflict',
  INVALID_TRANSITION: 'admin.requests.error.transition',
  INVALID_ASSIGNEE: 'admin.requests.error.assignee',
  SECOND_ADMIN_REQUIRED: 'admin.error.secondAdminRequired',
  OWN_ADMIN_ROLE: 'admin.users.error.ownAdminRole',
  INSUFFICIENT_FUNDS: 'admin.earnings.adjust.error.insufficient',
  BALANCE_LIMIT: 'admin.earnings.adjust.error.limit',
  IDEMPOTENCY_KEY_REUSED: 'admin.earnings.adjust.error.keyReused',
  // The order form (LEDGER-ATTRIBUTION).
  REFERRAL_CODE_UNKNOWN: 'order.referralCode.error.unknown',
  REFERRAL_CODE_OWN: 'order.referralCode.error.own',
};

/** The table's message of `error` (any 429 its wait), or null for a code the table does not know. */
function tableProblem(error: ServerError): FieldProblem | null {
  const message = MESSAGES[error.code] ?? (isWait(error) ? MESSAGES['TOO_MANY_REQUESTS'] : undefined);
  if (message === undefined) return null;
  return typeof message === 'string' ? { id: message } : message(error);
}

/** A form's own reading of a code: another message id (above the form), or a rule (null: the table's). */
type Rule<F extends string> = (error: ServerError) => ServerProblem<F> | null;
type Own<F extends string> = Record<string, string | Rule<F>>;

/** A form's fallback (`otherwise`, default "Something went wrong"), its own wording of any 429 (`wait`), and for a one-field form the `field` every message is shown at. */
interface ReadingOptions<F extends string> {
  otherwise?: string;
  wait?: Rule<F>;
  field?: F;
}

/** One form's reading: its own codes first, then the table, else its `otherwise`. */
function reader<F extends string = never>(own: Own<F>, { otherwise = 'error.UNKNOWN', wait, field }: ReadingOptions<F> = {}) {
  return (error: ServerError | null): ServerProblem<F> => {
    const known = error ?? UNKNOWN_ERROR;
    const rule = own[known.code];
    const found =
      (typeof rule === 'string' ? above(rule) : rule?.(known)) ??
      (wait && known.code !== 'SERVER_BUSY' && isWait(known) ? wait(known) : null) ??
      ({ field: null, problem: tableProblem(known) ?? { id: otherwise } } satisfies ServerProblem<F>);
    return field && found.field === null ? { ...found, field } : found;
  };
}

const above = (id: string): ServerProblem<never> => ({ field: null, problem: { id } });
const at = <F extends string>(field: F, id: string): ServerProblem<F> => ({ field, problem: { id } });
/** The table's message (or `id`) at `field`; `select`: its text selected, to be typed again. */
const atField =
  <F extends string>(field: F, id?: string, select = false): Rule<F> =>
  (error) => {
    const problem = id ? { id } : tableProblem(error);
    return problem ? { field, problem, ...(select ? { select } : {}) } : null;
  };
/** BAD_USER_INPUT naming one of `fields`: that field's message. */
const badInput =
  <F extends string>(fields: Partial<Record<F, string>>): Rule<F> =>
  (error) => {
    const id = error.field === null ? undefined : fields[error.field as F];
    return id ? at(error.field as F, id) : null;
  };

/** The password rule the server named for a refused new password (`extensions.problem`, e.g. `passwords.error.context`). */
function passwordRule(error: ServerError): string {
  const id = error.extensions['problem'];
  return typeof id === 'string' && (id.startsWith('passwords.error.') || id === 'validation.passwordTooShort') ? id : 'passwords.error.rejected';
}
/** Sign-in's rate limits (SEC-LIMITS; the account's password delay answers TOO_MANY_REQUESTS): the wait, or "wait a minute". */
const signInWait: Rule<never> = (error) => (retryAfter(error) ? { field: null, problem: waitProblem(retryAfter(error)) } : above('error.RATE_LIMITED'));
/** The order form's 429 (SEC-LIMITS): "try again in N minutes" or hours, or "later" when the server did not say. */
const orderWait: Rule<never> = (error) => ({ field: null, problem: orderWaitProblem(retryAfter(error)) });

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
/** The bank fields of a payout method as the server names them (PAYOUT-BANK); each says `payouts.bank.error.<field>`. */
const BANK_FIELDS = ['holderName', 'country', 'iban', 'accountNumber', 'bankCode'].map((name) => `bankAccount.${name}`);

/** The editors' refused field (ADMIN-AREA). */
const fieldRefused = atField('field', 'admin.editor.error.invalid');

/** Each form's reading of the server's errors. */
export const SERVER_ERRORS = {
  /** Sign-in and registration (REST; AUTH-LOGIN never says whether an address has an account); a refused new password names its rule. */
  signIn: reader<'password'>({
    RATE_LIMITED: signInWait,
    TOO_MANY_REQUESTS: signInWait,
    VALIDATION_FAILED: (error) => (error.field === 'password' && error.extensions['problem'] ? at('password', passwordRule(error)) : null),
  }),
  /** Passkey sign-in (AUTH-PASSKEY): a passkey the server does not know. */
  passkeySignIn: reader({ PASSKEY_INVALID: 'auth.passkey.unknown' }),
  /** The code step of a two-factor sign-in (ACC-2FA): a wrong code and the wait at the field; with `recovery`, a recovery code. */
  twoFactorSignIn: (recovery: boolean) =>
    reader<'code'>(
      { TWO_FACTOR_CODE_INVALID: atField('code', recovery ? 'auth.twoFactor.wrongRecoveryCode' : undefined) },
      { otherwise: 'auth.twoFactor.failed', wait: atField('code') },
    ),
  /** Asking for the e-mail recovery of a lost authenticator, and cancelling it by the mailed link (ACC-2FA-RECOVERY). */
  twoFactorRecovery: reader({}, { otherwise: 'auth.twoFactor.lost.failed' }),
  cancelRecovery: reader({}, { otherwise: 'recovery.cancel.failed' }),
  /** Asking for a reset link (ACC-RESET): the answer never depends on the address. */
  resetRequest: reader({}),
  /** The new password of a reset link; the account's current one typed as the new one (ACC-PASSWORD). */
  resetPassword: reader<'password'>({
    VALIDATION_FAILED: (error) => at('password', passwordRule(error)),
    PASSWORD_UNCHANGED: atField('password', undefined, true),
  }),
  /** Set or change the password (ACC-PASSWORD): the new one equal to the current one is selected to type another. */
  updatePassword: reader<'oldPassword' | 'newPassword'>({
    WRONG_PASSWORD: atField('oldPassword'),
    PASSWORD_UNCHANGED: atField('newPassword', undefined, true),
    BAD_USER_INPUT: (error) =>
      error.field === 'newPassword' ? at('newPassword', passwordRule(error)) : badInput({ oldPassword: 'passwords.error.wrongPassword' })(error),
  }),
  /** Step 1 of an e-mail change (ACC-EMAIL): the new address (the proof is the re-authentication dialog's, ACC-SUDO). */
  changeEmail: reader<'email'>({ EMAIL_TAKEN: atField('email', 'passwords.changeEmail.taken'), BAD_USER_INPUT: badInput({ email: 'validation.email' }) }),
  /** A mailed code (ACC-EMAIL): a wrong one says how many tries are left. */
  emailCode: reader<'code'>({ CODE_INVALID: atField('code', undefined, true), BAD_USER_INPUT: atField('code', 'passwords.code.format') }),
  /** Any other account action (cancel an e-mail change, send a new code, the two-factor buttons). */
  account: reader({}),
  /** The display name (ACC-FIELDS): a wait as such, every other failure "could not save your name". */
  changeName: reader({ NETWORK: 'profile.changeName.error' }, { otherwise: 'profile.changeName.error' }),
  /** The profile's blocks (devices, passkeys, avatar, linked accounts): "could not save" for what the table does not know. */
  profile: reader({}, { otherwise: 'profile.error.save' }),
  /** Deleting the account (ACC-DELETE): a wrong password or code at the field, selected; a void code or money in payout above. */
  deleteAccount: reader<'confirmation'>(
    {
      WRONG_PASSWORD: atField('confirmation', 'profile.delete.error.wrongPassword', true),
      CODE_INVALID: atField('confirmation', undefined, true),
      CODE_EXPIRED: 'profile.delete.code.expired',
    },
    { otherwise: 'profile.error.save' },
  ),
  /** A profile value edited in place (ACC-FIELDS): BAD_USER_INPUT for it reads as the browser's own check (`recheck`) when that finds the problem. */
  profileField: <F extends string>(field: F, recheck: FieldProblem | null) =>
    reader<F>(
      {
        USERNAME_TAKEN: field === 'username' ? atField(field) : 'profile.error.save',
        BAD_USER_INPUT: (error) => (error.field === field ? { field, problem: recheck ?? { id: 'profile.field.error.rejected' } } : null),
      },
      { otherwise: 'profile.error.save' },
    ),
  /** Turning on two-factor authentication (ACC-2FA): every refusal at the code field. */
  twoFactorSetup: reader<'code'>({ CODE_INVALID: atField('code', 'profile.twoFactor.wrongCode') }, { otherwise: 'profile.twoFactor.failed', field: 'code' }),
  /** The re-authentication dialog's password or code (ACC-SUDO): refusals and the wait at the field. */
  reauth: <F extends string>(field: F) =>
    reader<F>(
      { WRONG_PASSWORD: atField(field), CODE_INVALID: atField(field, 'payouts.reauth.wrongCode'), CODE_EXPIRED: atField(field) },
      { wait: atField(field) },
    ),
  /** Re-authentication with a passkey (ACC-SUDO): one the server cannot verify. */
  reauthPasskey: reader({ PASSKEY_INVALID: 'payouts.reauth.passkeyInvalid' }),
  /** The payout pages and the back office's payout queue: a refused bank field at that field (`currency`: the balance the action was about). */
  payout: (currency?: string) =>
    reader<string>(
      {
        FORBIDDEN: 'admin.requests.error.forbidden',
        BELOW_MINIMUM: (error) => above(minimumOf(error, currency) ? 'payouts.error.belowMinimum' : 'payouts.error.belowMinimumUnknown'),
        BAD_USER_INPUT: (error) =>
          error.field && BANK_FIELDS.includes(error.field)
            ? at(error.field, `payouts.bank.error.${error.field.slice('bankAccount.'.length)}`)
            : above('payouts.error.rejected'),
      },
      { otherwise: 'payouts.error.unknown' },
    ),
  /** The client's message about a request (REQ-MESSAGES): every refusal at the message. */
  message: reader<'body'>(
    { BAD_USER_INPUT: 'requests.message.error.rejected', FORBIDDEN: 'requests.message.error.forbidden', UNAUTHENTICATED: 'requests.message.error.forbidden' },
    { field: 'body' },
  ),
  /** A request's changes in the back office (REQ-WORKFLOW, REQ-MESSAGES). */
  adminRequest: reader(
    { FORBIDDEN: 'admin.requests.error.forbidden', BAD_USER_INPUT: 'admin.requests.error.rejected' },
    { otherwise: 'admin.requests.error.save' },
  ),
  /** A user's admin page (ADMIN-USERS): no longer an administrator, or "could not save". */
  adminUser: reader({ FORBIDDEN: 'admin.users.error.forbidden' }, { otherwise: 'admin.users.error.save' }),
  /** A balance adjustment (LEDGER-ADJUSTMENT): the funds and a refused field at the field, the rest as on the user's page. */
  adjustment: reader<'amount' | 'currency' | 'reason'>(
    {
      FORBIDDEN: 'admin.users.error.forbidden',
      INSUFFICIENT_FUNDS: atField('amount'),
      BALANCE_LIMIT: atField('amount'),
      BAD_USER_INPUT: badInput({
        amount: 'admin.earnings.adjust.amount.range',
        currency: 'admin.earnings.adjust.error.currency',
        reason: 'admin.earnings.adjust.error.reason',
      }),
    },
    { otherwise: 'admin.users.error.save' },
  ),
  /** The texts editors (ADMIN-AREA): a refused field (`field`: one the editor can place) at that field. */
  editor: reader<'field'>(
    { FORBIDDEN: 'admin.editor.error.forbidden', BAD_USER_INPUT: fieldRefused, VALIDATION_FAILED: fieldRefused },
    { otherwise: 'admin.editor.error.save' },
  ),
  /** The order form (ORDER-FIELDS, ORDER-MAIL): a refused field, any 429 as "try again in N minutes", the challenge step, else "could not send". */
  order: (recheck: (field: OrderField) => FieldProblem | null) =>
    reader<OrderField>(
      {
        NETWORK: 'order.error.send',
        REFERRAL_CODE_UNKNOWN: atField('referralCode'),
        REFERRAL_CODE_OWN: atField('referralCode'),
        BAD_USER_INPUT: (error) => {
          const field = error.field as OrderField | null;
          return field !== null && Object.hasOwn(ORDER_REJECTED, field) ? { field, problem: recheck(field) ?? { id: ORDER_REJECTED[field] } } : null;
        },
      },
      { otherwise: 'order.error.send', wait: orderWait },
    ),
};

/** The table's reading of an error no field owns, for any form: the wait, the network, the storage away, or "something went wrong". */
export function formProblem(error: Pick<ServerError, 'code' | 'extensions'>): FieldProblem {
  return SERVER_ERRORS.account({ field: null, ...error }).problem;
}
/** The profile's message for what a block does not handle itself (`SERVER_ERRORS.profile`). */
export function genericProblem(errors: readonly GraphQLErrorLike[]): FieldProblem {
  return SERVER_ERRORS.profile(firstError(errors)).problem;
}
