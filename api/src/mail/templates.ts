/**
 * The mail templates in English, Russian and Spanish, each rendered to a subject, an HTML body
 * and a plain-text body (issue "account management" item 9).
 *
 * Each template's copy is written as plain-text blocks (paragraphs, a code, a link, labelled
 * fields, a quoted message); `renderMail` escapes every piece of it once when it builds the HTML,
 * so no interpolated value (a name, an address, an order text) can inject markup. Subjects are
 * plain text with line breaks folded to spaces (no header injection).
 */
import { escapeHtml } from './escape.js';

/** The site's languages; `en` lives at `/`, the others under `/ru` and `/es` (SPEC.md routes). */
export const MAIL_LOCALES = ['en', 'ru', 'es'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];

/** How long an e-mail verification or e-mail change code is valid, in minutes (issue item 9). */
export const EMAIL_CODE_TTL_MINUTES = 20;
/** How long a password-reset link is valid, in minutes (issue item 9: one hour). */
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
  /** To the customer after the order form: their name, the order reference and what they asked for. */
  orderReceived: { name: string; reference: string; summary: string };
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

type Block =
  | { p: string }
  | { code: string }
  | { link: { href: string; label: string } }
  | { fields: Array<[label: string, value: string]> }
  | { quote: string };

interface Doc {
  subject: string;
  blocks: Block[];
}

/** The path prefix of `locale` on the site: '' for English, '/ru', '/es'. */
export function localePrefix(locale: MailLocale): string {
  return locale === 'en' ? '' : `/${locale}`;
}

const LANGUAGE_NAMES: Record<MailLocale, Record<MailLocale, string>> = {
  en: { en: 'English', ru: 'Russian', es: 'Spanish' },
  ru: { en: 'английский', ru: 'русский', es: 'испанский' },
  es: { en: 'inglés', ru: 'ruso', es: 'español' },
};

const FOOTER: Record<MailLocale, (site: SiteContext) => string> = {
  en: (s) => `You received this email because of an action on ${s.siteName} (${s.publicUrl}).`,
  ru: (s) => `Вы получили это письмо, потому что на сайте ${s.siteName} (${s.publicUrl}) было выполнено действие с вашим адресом.`,
  es: (s) => `Has recibido este mensaje por una acción realizada en ${s.siteName} (${s.publicUrl}).`,
};

type Copy = { [T in MailTemplate]: Record<MailLocale, (p: MailTemplateParams[T], site: SiteContext) => Doc> };

const resetUrl = (site: SiteContext, locale: MailLocale) => `${site.publicUrl}${localePrefix(locale)}/auth/reset`;

const COPY: Copy = {
  emailVerificationCode: {
    en: (p, s) => ({
      subject: `${p.code} is your ${s.siteName} verification code`,
      blocks: [
        { p: 'Enter this code to confirm your email address:' },
        { code: p.code },
        { p: `The code is valid for ${EMAIL_CODE_TTL_MINUTES} minutes. If you didn't create an account on ${s.siteName}, you can safely ignore this email.` },
      ],
    }),
    ru: (p, s) => ({
      subject: `${p.code} — код подтверждения для ${s.siteName}`,
      blocks: [
        { p: 'Введите этот код, чтобы подтвердить адрес электронной почты:' },
        { code: p.code },
        { p: `Код действует ${EMAIL_CODE_TTL_MINUTES} минут. Если вы не регистрировались на сайте ${s.siteName}, просто проигнорируйте это письмо.` },
      ],
    }),
    es: (p, s) => ({
      subject: `${p.code} es tu código de verificación de ${s.siteName}`,
      blocks: [
        { p: 'Introduce este código para confirmar tu dirección de correo electrónico:' },
        { code: p.code },
        { p: `El código es válido durante ${EMAIL_CODE_TTL_MINUTES} minutos. Si no has creado una cuenta en ${s.siteName}, puedes ignorar este mensaje.` },
      ],
    }),
  },
  emailChangeCode: {
    en: (p, s) => ({
      subject: `Confirm your new email address for ${s.siteName}`,
      blocks: [
        { p: `You asked to change the email address of your ${s.siteName} account to ${p.newEmail}. Enter this code to confirm it:` },
        { code: p.code },
        { p: `The code is valid for ${EMAIL_CODE_TTL_MINUTES} minutes. If you didn't ask for this, ignore this email and your address will stay as it is.` },
      ],
    }),
    ru: (p, s) => ({
      subject: `Подтвердите новый адрес почты на ${s.siteName}`,
      blocks: [
        { p: `Вы попросили сменить адрес электронной почты вашей учётной записи ${s.siteName} на ${p.newEmail}. Чтобы подтвердить смену, введите этот код:` },
        { code: p.code },
        { p: `Код действует ${EMAIL_CODE_TTL_MINUTES} минут. Если вы ничего не меняли, проигнорируйте письмо — адрес останется прежним.` },
      ],
    }),
    es: (p, s) => ({
      subject: `Confirma tu nueva dirección de correo en ${s.siteName}`,
      blocks: [
        { p: `Has pedido cambiar la dirección de correo de tu cuenta de ${s.siteName} a ${p.newEmail}. Introduce este código para confirmarlo:` },
        { code: p.code },
        { p: `El código es válido durante ${EMAIL_CODE_TTL_MINUTES} minutos. Si no lo has pedido tú, ignora este mensaje: tu dirección seguirá siendo la misma.` },
      ],
    }),
  },
  emailChangedNotice: {
    en: (p, s) => ({
      subject: `Your ${s.siteName} email address was changed`,
      blocks: [
        { p: `The email address of your ${s.siteName} account was changed from ${p.oldEmail} to ${p.newEmail}.` },
        { p: "If you made this change, there's nothing else to do. If you didn't, reset your password right away: someone may have access to your account." },
        { link: { href: resetUrl(s, 'en'), label: 'Reset password' } },
      ],
    }),
    ru: (p, s) => ({
      subject: `Адрес почты на ${s.siteName} изменён`,
      blocks: [
        { p: `Адрес электронной почты вашей учётной записи ${s.siteName} изменён с ${p.oldEmail} на ${p.newEmail}.` },
        { p: 'Если это сделали вы, больше ничего делать не нужно. Если нет — сразу сбросьте пароль: возможно, кто-то получил доступ к вашей учётной записи.' },
        { link: { href: resetUrl(s, 'ru'), label: 'Сбросить пароль' } },
      ],
    }),
    es: (p, s) => ({
      subject: `Se ha cambiado tu dirección de correo en ${s.siteName}`,
      blocks: [
        { p: `La dirección de correo de tu cuenta de ${s.siteName} ha cambiado de ${p.oldEmail} a ${p.newEmail}.` },
        { p: 'Si has sido tú, no tienes que hacer nada más. Si no, restablece tu contraseña cuanto antes: es posible que alguien haya accedido a tu cuenta.' },
        { link: { href: resetUrl(s, 'es'), label: 'Restablecer la contraseña' } },
      ],
    }),
  },
  passwordReset: {
    en: (p, s) => ({
      subject: `Reset your ${s.siteName} password`,
      blocks: [
        { p: `We received a request to reset the password of your ${s.siteName} account. Follow this link to choose a new one:` },
        { link: { href: changePasswordUrl(s, 'en', p.token), label: 'Choose a new password' } },
        { p: "The link is valid for 1 hour. If you didn't ask to reset your password, ignore this email and your password will stay as it is." },
      ],
    }),
    ru: (p, s) => ({
      subject: `Сброс пароля на ${s.siteName}`,
      blocks: [
        { p: `Мы получили запрос на сброс пароля вашей учётной записи ${s.siteName}. Чтобы задать новый пароль, перейдите по ссылке:` },
        { link: { href: changePasswordUrl(s, 'ru', p.token), label: 'Задать новый пароль' } },
        { p: 'Ссылка действует один час. Если вы не запрашивали сброс пароля, проигнорируйте это письмо — пароль останется прежним.' },
      ],
    }),
    es: (p, s) => ({
      subject: `Restablece tu contraseña de ${s.siteName}`,
      blocks: [
        { p: `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${s.siteName}. Sigue este enlace para elegir una nueva:` },
        { link: { href: changePasswordUrl(s, 'es', p.token), label: 'Elegir una nueva contraseña' } },
        { p: 'El enlace es válido durante una hora. Si no has pedido restablecer la contraseña, ignora este mensaje: tu contraseña seguirá siendo la misma.' },
      ],
    }),
  },
  orderReceived: {
    en: (p, s) => ({
      subject: `We've received your order ${p.reference}`,
      blocks: [
        { p: `Hi ${p.name},` },
        { p: 'Thank you for your order! It has reached us, and someone from our team will get back to you soon.' },
        { fields: [['Order', p.reference]] },
        { quote: p.summary },
        { p: `The ${s.siteName} team` },
      ],
    }),
    ru: (p, s) => ({
      subject: `Мы получили ваш заказ ${p.reference}`,
      blocks: [
        { p: `Здравствуйте, ${p.name}!` },
        { p: 'Спасибо за заказ! Мы его получили, и скоро с вами свяжется кто-нибудь из нашей команды.' },
        { fields: [['Номер заказа', p.reference]] },
        { quote: p.summary },
        { p: `Команда ${s.siteName}` },
      ],
    }),
    es: (p, s) => ({
      subject: `Hemos recibido tu pedido ${p.reference}`,
      blocks: [
        { p: `Hola, ${p.name}:` },
        { p: '¡Gracias por tu pedido! Ya lo tenemos, y alguien de nuestro equipo se pondrá en contacto contigo muy pronto.' },
        { fields: [['Pedido', p.reference]] },
        { quote: p.summary },
        { p: `El equipo de ${s.siteName}` },
      ],
    }),
  },
  orderNotification: {
    en: (p) => ({
      subject: `New order ${p.reference} from ${p.name}`,
      blocks: [
        { p: 'A new order has come in through the order form.' },
        {
          fields: [
            ['Order', p.reference],
            ['Name', p.name],
            ['Email', p.email],
            ['Phone', p.phone || '—'],
            ['Language', LANGUAGE_NAMES.en[p.customerLocale]],
          ],
        },
        { quote: p.summary },
      ],
    }),
    ru: (p) => ({
      subject: `Новый заказ ${p.reference} от ${p.name}`,
      blocks: [
        { p: 'Через форму заказа пришёл новый заказ.' },
        {
          fields: [
            ['Заказ', p.reference],
            ['Имя', p.name],
            ['Почта', p.email],
            ['Телефон', p.phone || '—'],
            ['Язык', LANGUAGE_NAMES.ru[p.customerLocale]],
          ],
        },
        { quote: p.summary },
      ],
    }),
    es: (p) => ({
      subject: `Nuevo pedido ${p.reference} de ${p.name}`,
      blocks: [
        { p: 'Ha llegado un nuevo pedido a través del formulario.' },
        {
          fields: [
            ['Pedido', p.reference],
            ['Nombre', p.name],
            ['Correo', p.email],
            ['Teléfono', p.phone || '—'],
            ['Idioma', LANGUAGE_NAMES.es[p.customerLocale]],
          ],
        },
        { quote: p.summary },
      ],
    }),
  },
};

/**
 * The password-reset link: `<PUBLIC_URL><locale prefix>/auth/change-password?token=<token>`
 * (SPEC.md routes: `/auth/change-password`; `/ru` and `/es` prefix the other languages).
 */
export function changePasswordUrl(site: SiteContext, locale: MailLocale, token: string): string {
  return `${site.publicUrl}${localePrefix(locale)}/auth/change-password?token=${encodeURIComponent(token)}`;
}

const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

function blockHtml(block: Block): string {
  if ('p' in block) return `<p style="margin:0 0 16px">${escapeHtml(block.p)}</p>`;
  if ('code' in block) {
    return `<p style="margin:0 0 16px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:28px;font-weight:700;letter-spacing:4px">${escapeHtml(block.code)}</p>`;
  }
  if ('link' in block) {
    const href = escapeHtml(block.link.href);
    return (
      `<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;background:#1d1d1f;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px">${escapeHtml(block.link.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:12px;color:#6e6e73;word-break:break-all">${href}</p>`
    );
  }
  if ('fields' in block) {
    const rows = block.fields
      .map(([label, value]) => `<tr><th align="left" style="padding:4px 16px 4px 0;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`)
      .join('');
    return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>`;
  }
  return `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid #d2d2d7;white-space:pre-wrap">${escapeHtml(block.quote)}</blockquote>`;
}

function blockText(block: Block): string {
  if ('p' in block) return block.p;
  if ('code' in block) return `    ${block.code}`;
  if ('link' in block) return `${block.link.label}:\n${block.link.href}`;
  if ('fields' in block) return block.fields.map(([label, value]) => `${label}: ${value}`).join('\n');
  return block.quote
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
}

/**
 * Renders `template` in `locale` with `params` for the site `site`.
 * @returns `{ subject, html, text }`: a one-line subject, a full HTML document (`<html lang>`,
 *   every interpolated value escaped) and the plain-text body with the same content.
 * @throws Error for an unknown template or locale (only reachable from untyped callers).
 */
export function renderMail<T extends MailTemplate>(template: T, locale: MailLocale, params: MailTemplateParams[T], site: SiteContext): RenderedMail {
  const byLocale = COPY[template] as Record<MailLocale, (p: MailTemplateParams[T], s: SiteContext) => Doc> | undefined;
  const copy = byLocale?.[locale];
  if (!copy) throw new Error(`No mail template ${String(template)} in locale ${String(locale)}`);
  const doc = copy(params, site);
  const subject = oneLine(doc.subject);
  const footer = FOOTER[locale](site);
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f5f5f7;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1d1d1f;line-height:1.5">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">` +
    `<p style="margin:0 0 24px;font-size:18px;font-weight:700">${escapeHtml(site.siteName)}</p>` +
    doc.blocks.map(blockHtml).join('') +
    `<p style="margin:32px 0 0;font-size:12px;color:#6e6e73">${escapeHtml(footer)}</p>` +
    `</div></body></html>`;
  const text = `${doc.blocks.map(blockText).join('\n\n')}\n\n-- \n${footer}\n`;
  return { subject, html, text };
}
