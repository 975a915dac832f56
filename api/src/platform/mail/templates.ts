/**
 * The mail templates (MAIL-OUTBOX): their names and typed parameters, the mail languages, the
 * links they carry, and the shape of a mail — plain-text blocks (paragraphs, a code, a link,
 * labelled fields, a quoted message) that the templates (mails.ts) fill with the catalogues'
 * messages (messages.ts) and render.ts turns into a subject, an HTML body and a plain-text body.
 */
import { LOCALES, type Locale, localizePath } from '@studio/site/locales';
import type { MailWords } from './messages.js';

/** The mail languages: the site's locales (SITE-LOCALES). */
export const MAIL_LOCALES = LOCALES;
export type MailLocale = Locale;

/** How long an e-mail verification, e-mail change or account deletion code is valid, in minutes (ACC-EMAIL). */
export const EMAIL_CODE_TTL_MINUTES = 20;
/** How long a password-reset link is valid, in minutes (ACC-RESET: one hour). */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/**
 * When and from where a security-relevant change was made, for the security mails (MAIL-SECURITY):
 * `at` an ISO 8601 instant (shown with Intl in the mail's language, in UTC), `device` what
 * http/device.ts `deviceOf` read from the request (label and approximate network, either null).
 */
export interface SecurityEvent {
  at: string;
  device: { label: string | null; network: string | null };
}

/** The event of a change made now from `device` (unknown when none is given: a WebSocket operation, a script). */
export function securityEvent(device?: SecurityEvent['device'] | null, at: Date = new Date()): SecurityEvent {
  return { at: at.toISOString(), device: device ? { label: device.label, network: device.network } : { label: null, network: null } };
}

/** The parameters of each template. Every string is plain text; rendering escapes it. */
export interface MailTemplateParams {
  /** To a new account's address: the 8-character code that confirms it. */
  emailVerificationCode: { code: string };
  /** To the NEW address of an e-mail change: the code that confirms it. */
  emailChangeCode: { code: string; newEmail: string };
  /** To the address of an account without a password: the code that confirms deleting it (ACC-DELETE). */
  accountDeletionCode: { code: string };
  /** To the address of an account without a password or second factor: the code that confirms it is the owner (ACC-SUDO). */
  reauthenticationCode: { code: string };
  /** To the OLD address after an e-mail change went through (MAIL-SECURITY). */
  emailChangedNotice: { oldEmail: string; newEmail: string } & SecurityEvent;
  /** The reset link's token (opaque, URL-encoded into `/auth/change-password?token=…`). */
  passwordReset: { token: string };
  /** After `updatePassword` (MAIL-SECURITY); `firstPassword` when the account had none before. */
  passwordChanged: { firstPassword: boolean } & SecurityEvent;
  /** After a completed password reset (MAIL-SECURITY, ACC-RESET): the links it removed, as "Provider (account)" labels. */
  /** What the reset removed (ACC-RESET, decision 0045): links (named), passkeys (their names), 2FA. */
  passwordResetDone: { removedLinks: string[]; removedPasskeys?: string[]; twoFactorRemoved?: boolean } & SecurityEvent;
  /** After a provider account was linked (MAIL-SECURITY, ACC-LINKED): the provider's name and the account's name there, if known. */
  providerLinked: { provider: string; account: string | null } & SecurityEvent;
  /** To the address of a deleted account (MAIL-SECURITY, ACC-DELETE); `byAdmin` when an administrator deleted it. */
  accountDeleted: { byAdmin: boolean } & SecurityEvent;
  /**
   * After a change of how the account is signed into (MAIL-SECURITY, ACC-2FA, ACC-PASSKEYS): 2FA
   * on or off, new recovery codes, a passkey added or removed (`passkeyName` then).
   */
  signInMethodChanged: { change: SignInMethodChange; passkeyName: string | null } & SecurityEvent;
  /**
   * At once after an e-mail recovery of a lost authenticator was asked for (ACC-2FA-RECOVERY):
   * `dueAt` (ISO 8601) when two-factor authentication will be turned off, the device that asked
   * (the event), and the single-use cancel link's `token` (`/auth/cancel-recovery?token=…`).
   */
  twoFactorRecoveryRequested: { dueAt: string; token: string } & SecurityEvent;
  /** A pending recovery was cancelled (ACC-2FA-RECOVERY): `by` the mail's link or a sign-in that passed the second factor; the event is the cancel's. */
  twoFactorRecoveryCancelled: { by: 'link' | 'sign-in' } & SecurityEvent;
  /** The recovery was carried out: two-factor authentication is off (ACC-2FA-RECOVERY); the event is the request's (when and from where it was asked). */
  twoFactorRecoveryCompleted: SecurityEvent;
  /**
   * To the customer after the order form: only the order reference besides our own words — the
   * address is typed by anyone, so no visitor text is echoed (ORDER-MAIL).
   */
  orderReceived: { reference: string };
  /** To sales (`SALES_EMAIL`): the order and how to reach the customer. */
  orderNotification: { reference: string; name: string; email: string; summary: string; customerLocale: MailLocale };
  /**
   * To the client of a request whose status changed (REQ-MAIL): the reference, the new status in
   * words and the link to the request's page — no text anyone typed (ORDER-MAIL, decision 0029).
   */
  orderStatusChanged: { reference: string; status: OrderStatusName };
  /** To the client of a request the studio answered (REQ-MAIL): the reference and the link, not the answer's text. */
  orderAnswered: { reference: string };
  /** To sales (`SALES_EMAIL`, in English): a client wrote a message about their request, with its text (REQ-MESSAGES). */
  orderClientMessage: { reference: string; name: string; email: string; body: string };
  /**
   * To the user after `requestPayout` (PAYOUT-MAIL): `amount` in minor units of `currency` (ISO 4217),
   * the method, where the money goes (`destination`, already masked) and what happens next.
   */
  payoutRequested: { amount: number; currency: string; method: PayoutMethodName; destination: string };
  /** To the user when a payout was paid (PAYOUT-MAIL): as above, with the bank's reference of a bank transfer, if any. */
  payoutPaid: { amount: number; currency: string; method: PayoutMethodName; destination: string; reference: string | null };
  /** To the user when a payout failed (PAYOUT-MAIL): `reason` is the studio's or Stripe's words, plain text; the money is back in available. */
  payoutFailed: { amount: number; currency: string; destination: string; reason: string };
  /**
   * After the payout method changed (MAIL-SECURITY, PAYOUT-COOLDOWN): the new method, its masked
   * destination (null while none is known, e.g. Stripe onboarding not finished) and `until`, the
   * ISO 8601 end of the payout pause.
   */
  payoutMethodChanged: { method: PayoutMethodName; destination: string | null; until: string } & SecurityEvent;
  /**
   * To the user when Stripe took back `amount` (minor units) of their paid payout of `payoutAmount`
   * (PAYOUT-MAIL, PAYOUT-WEBHOOKS): that money is back in available; `full` when nothing of the transfer is left.
   */
  payoutReversed: { amount: number; payoutAmount: number; currency: string; destination: string; full: boolean };
  /**
   * To every administrator, in their language, when a Stripe payout's outcome is unknown
   * (PAYOUT-QUEUE, decision 0041): `stage` `checking` when the transfer job ran out of attempts
   * and the automatic check began, `stopped` when that check gave up after about a week. The
   * payout's `amount`, its id (also its Stripe transfer group) and `earner` ("Name <address>", null
   * for a deleted account).
   */
  adminPayoutChecking: { amount: number; currency: string; payoutId: string; earner: string | null; stage: 'checking' | 'stopped' };
  /**
   * To every administrator, in their language, when Stripe took back `amount` of a paid payout of
   * `payoutAmount` (PAYOUT-WEBHOOKS): posted back to the earner's available balance; `full` when
   * the payout is now REVERSED.
   */
  adminPayoutReversed: { amount: number; payoutAmount: number; currency: string; payoutId: string; earner: string | null; full: boolean };
}
export type MailTemplate = keyof MailTemplateParams;
export const MAIL_TEMPLATES: readonly MailTemplate[] = [
  'emailVerificationCode',
  'emailChangeCode',
  'emailChangedNotice',
  'accountDeletionCode',
  'reauthenticationCode',
  'passwordReset',
  'passwordChanged',
  'passwordResetDone',
  'providerLinked',
  'accountDeleted',
  'signInMethodChanged',
  'twoFactorRecoveryRequested',
  'twoFactorRecoveryCancelled',
  'twoFactorRecoveryCompleted',
  'orderReceived',
  'orderNotification',
  'orderStatusChanged',
  'orderAnswered',
  'orderClientMessage',
  'payoutRequested',
  'payoutPaid',
  'payoutFailed',
  'payoutMethodChanged',
  'payoutReversed',
  'adminPayoutChecking',
  'adminPayoutReversed',
];

/** A change the `signInMethodChanged` mail tells of (the timeline's kinds of the same name, ACC-TIMELINE). */
export type SignInMethodChange = 'TWO_FACTOR_ENABLED' | 'TWO_FACTOR_DISABLED' | 'RECOVERY_CODES_REGENERATED' | 'PASSKEY_ADDED' | 'PASSKEY_REMOVED';

/** The statuses of a request (REQ-WORKFLOW), as the mails name them. */
export type OrderStatusName = 'NEW' | 'IN_REVIEW' | 'PROPOSAL_SENT' | 'WON' | 'LOST';

/** How a payout is made (the schema's `WithdrawalMethods`, PAYOUT-METHOD). */
export type PayoutMethodName = 'STRIPE' | 'BANK_TRANSFER';

/** What every template needs from the configuration: `SITE_NAME` and `PUBLIC_URL` (no trailing slash). */
export interface SiteContext {
  siteName: string;
  publicUrl: string;
}

/** A rendered mail: a one-line subject, a complete HTML document and its plain-text twin. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** One piece of a mail's copy, plain text: a paragraph, a code, a button link, labelled fields or a quoted message. */
export type Block =
  { p: string } | { code: string } | { link: { href: string; label: string } } | { fields: Array<[label: string, value: string]> } | { quote: string };

/** A mail before rendering: its subject and its blocks. */
export interface Doc {
  subject: string;
  blocks: Block[];
}

/** Every template, written once for every language: its parameters and the words of its language in, its blocks out. */
export type Mails = { [T in MailTemplate]: (p: MailTemplateParams[T], w: MailWords) => Doc };

/** The page where a new password reset is asked for, in `locale`. */
export function resetUrl(site: SiteContext, locale: MailLocale): string {
  return `${site.publicUrl}${localizePath('/auth/reset', locale)}`;
}

/**
 * The password-reset link: `<PUBLIC_URL><locale prefix>/auth/change-password?token=<token>`
 * (ACC-RESET; the page in the mail's language, SITE-LOCALES).
 */
export function changePasswordUrl(site: SiteContext, locale: MailLocale, token: string): string {
  return `${site.publicUrl}${localizePath('/auth/change-password', locale)}?token=${encodeURIComponent(token)}`;
}

/**
 * The cancel link of an e-mail recovery of a lost authenticator (ACC-2FA-RECOVERY):
 * `<PUBLIC_URL><locale prefix>/auth/cancel-recovery?token=<token>`.
 */
export function cancelRecoveryUrl(site: SiteContext, locale: MailLocale, token: string): string {
  return `${site.publicUrl}${localizePath('/auth/cancel-recovery', locale)}?token=${encodeURIComponent(token)}`;
}

/**
 * The client's page of request `reference`: `<PUBLIC_URL><locale prefix>/profile/requests/<reference>`
 * (REQ-CLIENT-AREA; the page in the mail's language, SITE-LOCALES).
 */
export function requestUrl(site: SiteContext, locale: MailLocale, reference: string): string {
  return `${site.publicUrl}${localizePath(`/profile/requests/${encodeURIComponent(reference)}`, locale)}`;
}

/**
 * The user's payouts page: `<PUBLIC_URL><locale prefix>/profile/payouts` (PAYOUT-PAGE; the page in
 * the mail's language, SITE-LOCALES).
 */
export function payoutsUrl(site: SiteContext, locale: MailLocale): string {
  return `${site.publicUrl}${localizePath('/profile/payouts', locale)}`;
}

/**
 * The administrators' payouts queue filtered to Stripe payouts of `status`:
 * `<PUBLIC_URL><locale prefix>/admin/payouts?status=<status>&method=STRIPE` (PAYOUT-QUEUE).
 */
export function adminPayoutsUrl(site: SiteContext, locale: MailLocale, status: 'PROCESSING' | 'PAID' | 'REVERSED'): string {
  return `${site.publicUrl}${localizePath('/admin/payouts', locale)}?status=${status}&method=STRIPE`;
}
