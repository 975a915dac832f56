/**
 * The mail templates (MAIL-OUTBOX): their names and typed parameters, the mail languages, the
 * links they carry, and the shape of their copy — plain-text blocks (paragraphs, a code, a link,
 * labelled fields, a quoted message) written per language in copy.ts and rendered to a subject,
 * an HTML body and a plain-text body by render.ts.
 */
import { LOCALES, type Locale, localizePath } from '@studio/site/locales';

/** The mail languages: the site's locales (SITE-LOCALES). */
export const MAIL_LOCALES = LOCALES;
export type MailLocale = Locale;

/** How long an e-mail verification or e-mail change code is valid, in minutes (ACC-EMAIL). */
export const EMAIL_CODE_TTL_MINUTES = 20;
/** How long a password-reset link is valid, in minutes (ACC-RESET: one hour). */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/** The parameters of each template. Every string is plain text; rendering escapes it. */
export interface MailTemplateParams {
  /** To a new account's address: the 8-character code that confirms it. */
  emailVerificationCode: { code: string };
  /** To the NEW address of an e-mail change: the code that confirms it. */
  emailChangeCode: { code: string; newEmail: string };
  /** To the OLD address after an e-mail change went through. */
  emailChangedNotice: { oldEmail: string; newEmail: string };
  /** The reset link's token (opaque, URL-encoded into `/auth/change-password?token=…`). */
  passwordReset: { token: string };
  /**
   * To the customer after the order form: only the order reference besides our own words — the
   * address is typed by anyone, so no visitor text is echoed (ORDER-MAIL).
   */
  orderReceived: { reference: string };
  /** To sales (`SALES_EMAIL`): the order and how to reach the customer. */
  orderNotification: { reference: string; name: string; email: string; phone?: string | null; summary: string; customerLocale: MailLocale };
}
export type MailTemplate = keyof MailTemplateParams;
export const MAIL_TEMPLATES: readonly MailTemplate[] = [
  'emailVerificationCode',
  'emailChangeCode',
  'emailChangedNotice',
  'passwordReset',
  'orderReceived',
  'orderNotification',
];

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
  | { p: string }
  | { code: string }
  | { link: { href: string; label: string } }
  | { fields: Array<[label: string, value: string]> }
  | { quote: string };

/** A mail before rendering: its subject and its blocks. */
export interface Doc {
  subject: string;
  blocks: Block[];
}

/** Every template's copy in every language. */
export type Copy = { [T in MailTemplate]: Record<MailLocale, (p: MailTemplateParams[T], site: SiteContext) => Doc> };

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
