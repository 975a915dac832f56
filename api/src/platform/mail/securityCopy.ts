/**
 * The words of the security mails (MAIL-SECURITY) in every site language: password changed,
 * password reset completed, e-mail address changed (to the old address), provider account linked,
 * account deleted. Each says what happened, when (Intl, in the mail's language, in UTC with the
 * zone named), from which device (label and approximate network, http/device.ts), and what to do
 * if it was not the reader. Parameters are plain text; render.ts escapes every piece.
 */
import { type Block, type Copy, type MailLocale, type SecurityEvent, type SiteContext, resetUrl } from './templates.js';

/** The labels and fixed phrases every security mail shares, per language. */
const COMMON: Record<
  MailLocale,
  { when: string; device: string; network: string; unknownDevice: string; unknownNetwork: string; on: string; notYou: string; resetLabel: string }
> = {
  en: {
    when: 'When',
    device: 'Device',
    network: 'Network',
    unknownDevice: 'Unknown device',
    unknownNetwork: 'Unknown',
    on: 'on',
    notYou: "If this was you, there's nothing else to do. If it wasn't, reset your password right away: someone may have access to your account.",
    resetLabel: 'Reset password',
  },
  ru: {
    when: 'Когда',
    device: 'Устройство',
    network: 'Сеть',
    unknownDevice: 'Неизвестное устройство',
    unknownNetwork: 'Неизвестна',
    on: 'на',
    notYou: 'Если это были вы, больше ничего делать не нужно. Если нет — сразу сбросьте пароль: возможно, кто-то получил доступ к вашему аккаунту.',
    resetLabel: 'Сбросить пароль',
  },
  es: {
    when: 'Cuándo',
    device: 'Dispositivo',
    network: 'Red',
    unknownDevice: 'Dispositivo desconocido',
    unknownNetwork: 'Desconocida',
    on: 'en',
    notYou: 'Si has sido tú, no tienes que hacer nada más. Si no, restablece tu contraseña cuanto antes: es posible que alguien haya accedido a tu cuenta.',
    resetLabel: 'Restablecer la contraseña',
  },
};

/** An ISO instant as a date and time to the minute in `locale`, in UTC with the zone named ("November 24, 2026 at 9:05 PM UTC"). */
export function formatWhen(at: string, locale: MailLocale): string {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  };
  return new Intl.DateTimeFormat(locale, options).format(new Date(at));
}

/**
 * The device label of http/device.ts `deviceLabel` ("Chrome 131 on macOS") with its one English
 * word in the mail's language; the browser and system names are names and stay as they are.
 */
function deviceText(label: string | null, locale: MailLocale): string {
  const words = COMMON[locale];
  if (!label) return words.unknownDevice;
  return label.replace(/ on /, ` ${words.on} `);
}

/** The "when / device / network" fields of a security event (also the payout method notice, payoutCopy.ts). */
export function eventFields(event: SecurityEvent, locale: MailLocale): Block {
  const words = COMMON[locale];
  return {
    fields: [
      [words.when, formatWhen(event.at, locale)],
      [words.device, deviceText(event.device.label, locale)],
      [words.network, event.device.network ?? words.unknownNetwork],
    ],
  };
}

/** The closing of a mail about a change the reader may not have made: the advice and the reset link. */
function ifNotYou(site: SiteContext, locale: MailLocale): Block[] {
  const words = COMMON[locale];
  return [{ p: words.notYou }, { link: { href: resetUrl(site, locale), label: words.resetLabel } }];
}

/** A security mail: its lead paragraph(s), the event's fields, then `closing` (default: the "if it wasn't you" advice). */
export function securityDoc(subject: string, lead: Block[], event: SecurityEvent, locale: MailLocale, site: SiteContext, closing?: Block[]) {
  return { subject, blocks: [...lead, eventFields(event, locale), ...(closing ?? ifNotYou(site, locale))] };
}

/** " “name”" with the language's quotes, or nothing when the name is unknown. */
function quoted(name: string | null, open: string, close: string): string {
  return name ? ` ${open}${name}${close}` : '';
}

/**
 * The paragraphs of `passwordResetDone` naming what the reset removed (ACC-RESET, decision 0045):
 * links by provider and name, passkeys by name, two-factor authentication; none when nothing went.
 */
function removedBlocks(
  p: { removedLinks: string[]; removedPasskeys?: string[] | undefined; twoFactorRemoved?: boolean | undefined },
  words: { intro: string; passkey: string; twoFactor: string; outro: string },
) {
  const lines = [...p.removedLinks, ...(p.removedPasskeys ?? []).map((name) => `${words.passkey}: ${name}`), ...(p.twoFactorRemoved ? [words.twoFactor] : [])];
  return lines.length ? [{ p: words.intro }, { quote: lines.join('\n') }, { p: words.outro }] : [];
}

/** The copy of the security templates in every language. */
export const SECURITY_COPY: Pick<Copy, 'emailChangedNotice' | 'passwordChanged' | 'passwordResetDone' | 'providerLinked' | 'accountDeleted'> = {
  emailChangedNotice: {
    en: (p, s) =>
      securityDoc(
        `Your ${s.siteName} email address was changed`,
        [{ p: `The email address of your ${s.siteName} account was changed from ${p.oldEmail} to ${p.newEmail}.` }],
        p,
        'en',
        s,
      ),
    ru: (p, s) =>
      securityDoc(
        `Адрес почты на ${s.siteName} изменён`,
        [{ p: `Адрес электронной почты вашего аккаунта ${s.siteName} изменён с ${p.oldEmail} на ${p.newEmail}.` }],
        p,
        'ru',
        s,
      ),
    es: (p, s) =>
      securityDoc(
        `Se ha cambiado tu dirección de correo en ${s.siteName}`,
        [{ p: `La dirección de correo de tu cuenta de ${s.siteName} ha cambiado de ${p.oldEmail} a ${p.newEmail}.` }],
        p,
        'es',
        s,
      ),
  },
  passwordChanged: {
    en: (p, s) =>
      securityDoc(
        p.firstPassword ? `A password was set for your ${s.siteName} account` : `Your ${s.siteName} password was changed`,
        [
          {
            p: p.firstPassword
              ? `A password was set for your ${s.siteName} account. You can now sign in with your email address and this password.`
              : `The password of your ${s.siteName} account was changed. Your other devices were signed out.`,
          },
        ],
        p,
        'en',
        s,
      ),
    ru: (p, s) =>
      securityDoc(
        p.firstPassword ? `Для аккаунта на ${s.siteName} задан пароль` : `Пароль на ${s.siteName} изменён`,
        [
          {
            p: p.firstPassword
              ? `Для вашего аккаунта ${s.siteName} задан пароль. Теперь можно входить по адресу почты и этому паролю.`
              : `Пароль вашего аккаунта ${s.siteName} изменён. На остальных устройствах выполнен выход.`,
          },
        ],
        p,
        'ru',
        s,
      ),
    es: (p, s) =>
      securityDoc(
        p.firstPassword ? `Se ha establecido una contraseña para tu cuenta de ${s.siteName}` : `Se ha cambiado tu contraseña de ${s.siteName}`,
        [
          {
            p: p.firstPassword
              ? `Se ha establecido una contraseña para tu cuenta de ${s.siteName}. Ya puedes iniciar sesión con tu correo y esta contraseña.`
              : `Se ha cambiado la contraseña de tu cuenta de ${s.siteName}. Se ha cerrado la sesión en tus demás dispositivos.`,
          },
        ],
        p,
        'es',
        s,
      ),
  },
  passwordResetDone: {
    en: (p, s) =>
      securityDoc(
        `Your ${s.siteName} password was reset`,
        [
          { p: `The password of your ${s.siteName} account was reset with the link we emailed you. Every device was signed out.` },
          ...removedBlocks(p, {
            intro:
              'These ways to sign in were added without a proof we can trust (before your email address was confirmed, by a session that had not recently proved it was you, or on the strength of the old password alone), so we could not tell who added them. We removed them:',
            passkey: 'Passkey',
            twoFactor: 'Two-step verification (the authenticator app and its recovery codes)',
            outro: 'If they are yours, add them again from your profile.',
          }),
        ],
        p,
        'en',
        s,
      ),
    ru: (p, s) =>
      securityDoc(
        `Пароль на ${s.siteName} сброшен`,
        [
          { p: `Пароль вашего аккаунта ${s.siteName} сброшен по ссылке из нашего письма. На всех устройствах выполнен выход.` },
          ...removedBlocks(p, {
            intro:
              'Эти способы входа были добавлены без подтверждения, которому мы можем доверять (до подтверждения адреса почты, сеансом, который давно не подтверждал, что это вы, или только по старому паролю), поэтому мы не можем знать, кто их добавил. Мы их отключили:',
            passkey: 'Ключ доступа',
            twoFactor: 'Двухэтапная проверка (приложение-аутентификатор и резервные коды)',
            outro: 'Если это ваши, добавьте их снова в профиле.',
          }),
        ],
        p,
        'ru',
        s,
      ),
    es: (p, s) =>
      securityDoc(
        `Se ha restablecido tu contraseña de ${s.siteName}`,
        [
          {
            p: `La contraseña de tu cuenta de ${s.siteName} se ha restablecido con el enlace que te enviamos. Se ha cerrado la sesión en todos los dispositivos.`,
          },
          ...removedBlocks(p, {
            intro:
              'Estas formas de iniciar sesión se añadieron sin una prueba en la que podamos confiar (antes de que confirmaras tu correo, desde una sesión que no había demostrado hace poco que eras tú, o solo con la contraseña anterior), así que no podemos saber quién lo hizo. Las hemos quitado:',
            passkey: 'Llave de acceso',
            twoFactor: 'Verificación en dos pasos (la app de autenticación y sus códigos de recuperación)',
            outro: 'Si son tuyas, vuelve a añadirlas desde tu perfil.',
          }),
        ],
        p,
        'es',
        s,
      ),
  },
  providerLinked: {
    en: (p, s) =>
      securityDoc(
        `${p.provider} was connected to your ${s.siteName} account`,
        [{ p: `The ${p.provider} account${quoted(p.account, '“', '”')} was connected to your ${s.siteName} account. It can now be used to sign in.` }],
        p,
        'en',
        s,
      ),
    ru: (p, s) =>
      securityDoc(
        `К аккаунту на ${s.siteName} подключён ${p.provider}`,
        [{ p: `К вашему аккаунту ${s.siteName} подключён аккаунт ${p.provider}${quoted(p.account, '«', '»')}. Теперь через неё можно входить на сайт.` }],
        p,
        'ru',
        s,
      ),
    es: (p, s) =>
      securityDoc(
        `Se ha conectado ${p.provider} a tu cuenta de ${s.siteName}`,
        [
          {
            p: `Se ha conectado la cuenta de ${p.provider}${quoted(p.account, '«', '»')} a tu cuenta de ${s.siteName}. Ahora se puede usar para iniciar sesión.`,
          },
        ],
        p,
        'es',
        s,
      ),
  },
  accountDeleted: {
    en: (p, s) =>
      securityDoc(
        `Your ${s.siteName} account was deleted`,
        [
          {
            p: p.byAdmin
              ? `An administrator deleted your ${s.siteName} account and everything stored with it.`
              : `Your ${s.siteName} account and everything stored with it were deleted.`,
          },
        ],
        p,
        'en',
        s,
        [{ p: `If you didn't expect this, contact us right away through ${s.publicUrl}.` }],
      ),
    ru: (p, s) =>
      securityDoc(
        `Аккаунт на ${s.siteName} удалён`,
        [
          {
            p: p.byAdmin
              ? `Администратор удалил ваш аккаунт ${s.siteName} и все связанные с ним данные.`
              : `Ваш аккаунт ${s.siteName} и все связанные с ним данные удалены.`,
          },
        ],
        p,
        'ru',
        s,
        [{ p: `Если вы этого не ожидали, сразу свяжитесь с нами через сайт ${s.publicUrl}.` }],
      ),
    es: (p, s) =>
      securityDoc(
        `Se ha eliminado tu cuenta de ${s.siteName}`,
        [
          {
            p: p.byAdmin
              ? `Un administrador ha eliminado tu cuenta de ${s.siteName} y todos los datos asociados.`
              : `Se han eliminado tu cuenta de ${s.siteName} y todos los datos asociados.`,
          },
        ],
        p,
        'es',
        s,
        [{ p: `Si no lo esperabas, ponte en contacto con nosotros cuanto antes a través de ${s.publicUrl}.` }],
      ),
  },
};
