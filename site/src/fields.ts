/**
 * The field rules the server and the browser share (product rules ACC-FIELDS, ORDER-FIELDS,
 * ACC-PASSWORD, and the fields of the account, payout and back-office forms; money typed in major
 * units: `moneyAmount`, read by ./money.ts): one zod schema per field. Every issue's message is a message id of the web's
 * catalogue (`validation.required`, `order.error.tooLong`, …), so the browser shows it in the
 * user's language and the server turns it into English with `problemText` (./problems.ts).
 * Lengths are counted after trimming, in UTF-16 code units (passwords: code points).
 *
 * The check order inside each schema is the order problems are reported in: the first issue is
 * the one a form shows.
 */
import { z } from 'zod';
import { LOCALES } from './locales.js';
import { type MoneyProblem, currencyDigits, readMoney } from './money.js';
import { PASSWORD_MAX, PASSWORD_MIN, type PasswordContext, passwordProblem } from './passwords.js';

export { MONEY_MAX_MINOR, type MoneyProblem, currencyDigits } from './money.js';

/** E-mail: at most 254 characters (RFC 5321 path limit), then zod's e-mail rule — the one e-mail rule of the site. */
const EMAIL_MAX = 254;

/** Which message ids a required, length-limited text reports. */
interface TextIds {
  required: string;
  tooLong: string;
}
const GENERIC: TextIds = { required: 'validation.required', tooLong: 'validation.tooLong' };
const ORDER: TextIds = { required: '', tooLong: 'order.error.tooLong' };

/**
 * Control characters (API-TEXT): a single-line text holds none of C0 (U+0000–U+001F), a multi-line
 * one allows only tab, line feed and carriage return. PostgreSQL text cannot store U+0000 at all,
 * and the rest only hide text or break logs and mails.
 */
export const SINGLE_LINE_CONTROL = /[\u0000-\u001f]/;
export const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const CONTROL_MESSAGE = 'validation.controlCharacters';
/**
 * A trimmed string with no control characters (checked after trimming, so a pasted trailing
 * newline is only trimmed); `multiLine` allows tab, LF and CR inside (API-TEXT).
 */
const text = (multiLine = false) =>
  z
    .string()
    .trim()
    .refine((v) => !(multiLine ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL).test(v), CONTROL_MESSAGE);

/** An e-mail address: trimmed, lower-cased, required, ≤ 254, valid. */
export function emailField(ids: TextIds & { invalid: string } = { ...GENERIC, invalid: 'validation.email' }) {
  return text().toLowerCase().min(1, ids.required).max(EMAIL_MAX, ids.tooLong).pipe(z.email(ids.invalid));
}
export const email = emailField();

/** A person's name (registration `name`, `fullName`): trimmed, 1–100. */
export const FULL_NAME_MAX = 100;
export const fullName = text().min(1, GENERIC.required).max(FULL_NAME_MAX, GENERIC.tooLong);

/** Username: trimmed, lower-cased, 3–32 of [a-z0-9._-], the first a letter or digit. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;
export const username = text()
  .toLowerCase()
  .min(1, GENERIC.required)
  .max(USERNAME_MAX, GENERIC.tooLong)
  .min(USERNAME_MIN, 'profile.field.error.tooShort')
  .regex(/^[a-z0-9._-]*$/, 'profile.username.error.characters')
  .regex(USERNAME_PATTERN, 'profile.username.error.start');

/** Bio: trimmed, at most 1000; empty clears it. */
export const BIO_MAX = 1000;
export const bio = text(true).max(BIO_MAX, GENERIC.tooLong);

// The phone rule is `phoneField` of ./phones.ts (libphonenumber-js; kept out of this module so the
// order form's bundle does not carry the phone metadata).

/** Telegram handle: 5–32 letters, digits or "_", starting with a letter; a leading "@" is dropped; empty clears it. */
export const TELEGRAM_MIN = 5;
export const TELEGRAM_MAX = 32;
export const telegram = z
  .string()
  .trim()
  .transform((value) => value.replace(/^@/, ''))
  .pipe(
    z
      .string()
      .max(TELEGRAM_MAX, GENERIC.tooLong)
      .refine((value) => value === '' || value.length >= TELEGRAM_MIN, { message: 'profile.field.error.tooShort', params: { min: TELEGRAM_MIN } })
      .regex(/^[A-Za-z0-9_]*$/, 'profile.telegram.error.characters')
      .regex(/^([A-Za-z].*)?$/, 'profile.telegram.error.start'),
  );

/** The browser's device token (SESSION-DEVICE): 1–200 characters. */
export const deviceToken = text().min(1, GENERIC.required).max(200, GENERIC.tooLong);

/** A password to sign in or confirm with: only required (a password set under older rules still works); `required` names the message. */
export const currentPasswordField = (required = GENERIC.required) => z.string().min(1, required).max(1024, GENERIC.tooLong);
export const currentPassword = currentPasswordField();

/** The message id and values of each password problem (ACC-PASSWORD). */
export const PASSWORD_PROBLEM_MESSAGES = {
  required: { id: 'validation.required' },
  tooShort: { id: 'validation.passwordTooShort', values: { min: PASSWORD_MIN } },
  tooLong: { id: 'passwords.error.tooLong', values: { max: PASSWORD_MAX } },
  common: { id: 'passwords.error.common' },
  context: { id: 'passwords.error.context' },
} as const;

/**
 * A new password: 8–128 code points and, when `common` answers the list, none of the most common
 * passwords (OWASP ASVS 5.0 §6.2). `common` answers null while the list is not loaded (the browser
 * loads it lazily; the server always has it). `context` gives the account's e-mail, username and
 * the site name whose words a password must not mostly be (ACC-PASSWORD, `contextProblem`).
 */
export function newPasswordField(common: () => ReadonlySet<string> | null = () => null, context: () => PasswordContext = () => ({})) {
  return z.string().superRefine((value, ctx) => {
    const problem = passwordProblem(value, common(), context());
    if (!problem) return;
    const { id, ...rest } = PASSWORD_PROBLEM_MESSAGES[problem];
    ctx.addIssue({ code: 'custom', message: id, params: 'values' in rest ? rest.values : undefined });
  });
}

/**
 * The characters of a mailed code (ACC-EMAIL): the letters A–Z except I and O, and the digits 2–9
 * (no 0 or 1), so no two characters look alike. Every hint and error text says exactly this.
 */
export const EMAIL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const EMAIL_CODE_LENGTH = 8;
/**
 * The look-alikes a code never has: O and 0, I and 1. None can be mapped to a code character
 * without guessing (O and 0 are both left out, as are I and 1), so a typed one is named instead.
 */
export const EMAIL_CODE_LOOKALIKES = /[OI01]/;

/**
 * A typed code as the server reads it: upper case, without spaces or dashes of any kind
 * ("ab2c-d3ef", "AB2C – D3EF" → "AB2CD3EF").
 */
export function normalizeEmailCode(value: string): string {
  return value.toUpperCase().replace(/[\s\-\u2010-\u2015\u2212]+/g, '');
}

/**
 * A typed e-mail code (ACC-EMAIL): normalized, required, 8 characters of EMAIL_CODE_ALPHABET
 * (`passwords.code.format`) — or, when only look-alikes stand in the way, `passwords.code.lookalike`.
 */
export const emailCode = z
  .string()
  .transform(normalizeEmailCode)
  .pipe(
    z
      .string()
      .min(1, GENERIC.required)
      // A code's shape, look-alikes allowed here so that they can be named below.
      .regex(new RegExp(`^[${EMAIL_CODE_ALPHABET}OI01]{${EMAIL_CODE_LENGTH}}$`), 'passwords.code.format')
      .refine((value) => !EMAIL_CODE_LOOKALIKES.test(value), 'passwords.code.lookalike'),
  );

/** A required text of at most `max` characters after trimming (`multiLine`: line breaks allowed, API-TEXT), reporting `ids`. */
export function requiredText(max: number, ids: Partial<TextIds> = {}, multiLine = false) {
  return text(multiLine)
    .min(1, ids.required ?? GENERIC.required)
    .max(max, ids.tooLong ?? GENERIC.tooLong);
}

/** An authenticator's code as typed (ACC-2FA): spaces dropped, required (the server checks the digits). */
export const authenticatorCode = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().min(1, 'auth.twoFactor.required').max(40, GENERIC.tooLong));
/** A recovery code at sign-in (ACC-2FA): trimmed, required. */
export const recoveryCode = requiredText(40, { required: 'auth.twoFactor.required' });
/** The proof of the re-authentication dialog (ACC-SUDO): the password as typed, or a code (authenticator, recovery or mailed), trimmed. */
export const reauthPassword = currentPasswordField('payouts.reauth.required');
export const reauthCode = requiredText(40, { required: 'payouts.reauth.codeRequired' });

/** A passkey's name (ACC-PASSKEYS): trimmed, 1–64. */
export const PASSKEY_NAME_MAX = 64;
export const passkeyNameField = requiredText(PASSKEY_NAME_MAX, { required: 'profile.passkeys.nameRequired' });

/**
 * A bank account of a bank-transfer payout method (PAYOUT-BANK), as the browser checks it: filled
 * in (an IBAN without its spaces); the server checks the formats and the IBAN's checksum.
 */
export const bankAccountFields = {
  holderName: requiredText(100, { required: 'payouts.bank.error.holderName' }),
  country: z.string().regex(/^[A-Z]{2}$/, 'payouts.bank.error.country'),
  iban: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().min(1, 'payouts.bank.error.iban').max(34, 'payouts.bank.error.iban')),
  accountNumber: requiredText(34, { required: 'payouts.bank.error.accountNumber' }),
  bankCode: requiredText(34, { required: 'payouts.bank.error.bankCode' }),
};

/** A balance adjustment's reason (LEDGER-ADJUSTMENT): 1–500, the user reads it. */
export const ADJUSTMENT_REASON_MAX = 500;
export const adjustmentReason = requiredText(
  ADJUSTMENT_REASON_MAX,
  { required: 'admin.earnings.adjust.reason.required', tooLong: 'admin.earnings.adjust.reason.tooLong' },
  true,
);
/** Why a request was lost (REQ-WORKFLOW): 1–1000, only administrators read it. */
export const LOST_REASON_MAX = 1000;
export const lostReason = requiredText(LOST_REASON_MAX, { required: 'admin.requests.lost.reason.required' }, true);
/** A transfer's bank reference (PAYOUT-QUEUE): 1–200; why it failed, as the user is told: 1–500. */
export const payoutReference = requiredText(200, { required: 'admin.payouts.sent.required' });
export const payoutFailureReason = requiredText(500, { required: 'admin.payouts.failed.required' }, true);

/** A message about a request (REQ-MESSAGES): 1–5000. An internal note or an administrator's reply: */
export const MESSAGE_MAX = 5000;
export const noteBody = requiredText(MESSAGE_MAX, { required: 'admin.requests.compose.required' }, true);
/** …the client's message, whose "too long" says how long it is (`count`). */
export const messageBody = text(true)
  .min(1, 'requests.message.error.required')
  .superRefine((value, ctx) => {
    if (value.length > MESSAGE_MAX)
      ctx.addIssue({ code: 'custom', message: 'requests.message.error.tooLong', params: { max: MESSAGE_MAX, count: value.length } });
  });

/** The budget ranges of the GraphQL enum `OrderBudget`, in the order the form lists them. */
export const ORDER_BUDGETS = ['UNDER_10K', 'FROM_10K_TO_25K', 'FROM_25K_TO_50K', 'FROM_50K_TO_100K', 'OVER_100K', 'NOT_SURE'] as const;
export type OrderBudget = (typeof ORDER_BUDGETS)[number];

/** The services an order may be about besides the catalogue's products (`interest`). */
export const ORDER_SERVICES = ['design', 'engineering', 'ai', 'care', 'other'] as const;
export type OrderService = (typeof ORDER_SERVICES)[number];

export const ORDER_LIMITS = {
  name: 100,
  email: EMAIL_MAX,
  company: 200,
  interest: 60,
  messageMin: 10,
  messageMax: 5000,
  referralCode: 40,
} as const;

/**
 * The order form's fields (ORDER-FIELDS), in the form's order (the first invalid one gets the
 * focus). Optional texts accept '' and null; the server turns '' into null.
 */
export const orderFields = {
  name: text().min(1, 'order.name.error.required').max(ORDER_LIMITS.name, ORDER.tooLong),
  email: emailField({ required: 'order.email.error.required', tooLong: ORDER.tooLong, invalid: 'order.email.error.invalid' }),
  company: text().max(ORDER_LIMITS.company, ORDER.tooLong).nullish(),
  interest: text()
    .min(1, 'order.interest.error.required')
    .refine((value) => value.length <= ORDER_LIMITS.interest, 'order.interest.error.invalid'),
  budget: z.enum(ORDER_BUDGETS, { message: 'order.budget.error.required' }),
  message: text(true)
    .min(1, 'order.message.error.required')
    .min(ORDER_LIMITS.messageMin, 'order.message.error.tooShort')
    .max(ORDER_LIMITS.messageMax, ORDER.tooLong),
  consent: z.literal(true, { message: 'order.consent.error.required' }),
  referralCode: z
    .string()
    .trim()
    .max(ORDER_LIMITS.referralCode, ORDER.tooLong)
    .regex(/^[A-Za-z0-9_-]*$/, 'order.referralCode.error.invalid')
    .nullish(),
};
export const ORDER_FIELDS = Object.keys(orderFields) as (keyof typeof orderFields)[];
export type OrderField = keyof typeof orderFields;

/** An ISO 4217 currency code Intl knows (the currency of a money field). */
export const currencyCode = z.string().refine((value) => /^[A-Z]{3}$/.test(value) && currencyDigits(value) !== null, 'validation.currency');

/** The message ids of a money field's problems (./money.ts): empty, not a number, too many decimals, out of range. */
export type MoneyIds = Record<MoneyProblem, string>;

/**
 * The one money rule (contract value REQ-WORKFLOW, balance adjustment LEDGER-ADJUSTMENT): an amount
 * typed in major units of `currency` in `locale` becomes integer minor units (`readMoney`: exact,
 * the currency's own decimals); `signed` takes a "+" or "-" and refuses only zero. An unknown
 * currency reads as `invalid`.
 */
export function moneyAmount({ currency, locale = 'en', signed = false, ids }: { currency: string; locale?: string; signed?: boolean; ids: MoneyIds }) {
  return z.string().transform((typed, ctx) => {
    const read = readMoney(typed, currency, locale, signed);
    if (typeof read === 'number') return read;
    ctx.addIssue({ code: 'custom', message: ids[read] });
    return z.NEVER;
  });
}

/** The site's locales as a zod enum (mail language, order locale). */
export const locale = z.enum(LOCALES);
