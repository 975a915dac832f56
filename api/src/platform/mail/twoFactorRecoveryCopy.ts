/**
 * The words of the e-mail recovery of a lost authenticator (ACC-2FA-RECOVERY, decision 0047) in
 * every site language: asked for (when two-factor authentication will be turned off, from which
 * device, and the cancel link), cancelled (by the link or by a sign-in with a second factor) and
 * carried out. Like every security mail they say when and from which device (securityCopy.ts).
 */
import { formatWhen, securityDoc } from './securityCopy.js';
import { type Copy, type MailLocale, type MailTemplateParams, type SiteContext, cancelRecoveryUrl, resetUrl } from './templates.js';

interface Words {
  requested: {
    subject: (site: string) => string;
    lead: (site: string, due: string) => string;
    ifYou: string;
    ifNotYou: string;
    cancel: string;
    reset: string;
  };
  cancelled: { subject: (site: string) => string; link: (site: string) => string; signIn: (site: string) => string };
  completed: { subject: (site: string) => string; lead: (site: string) => string; asked: string };
}

const WORDS: Record<MailLocale, Words> = {
  en: {
    requested: {
      subject: (site) => `Two-factor authentication for your ${site} account will be turned off`,
      lead: (site, due) =>
        `A sign-in to your ${site} account with its password asked to turn off two-factor authentication, because the authenticator app and the recovery codes cannot be used. Two-factor authentication will be turned off on ${due}, unless this is cancelled before then.`,
      ifYou:
        'If this was you, there is nothing to do: after that time you can sign in with your password alone, and turn two-factor authentication on again from your profile with a new authenticator.',
      ifNotYou: "If it wasn't you, cancel it now. Whoever asked knows your password, so reset it as well.",
      cancel: 'Cancel — keep two-factor authentication',
      reset: 'Reset password',
    },
    cancelled: {
      subject: (site) => `Two-factor authentication stays on for your ${site} account`,
      link: (site) =>
        `The request to turn off two-factor authentication for your ${site} account was cancelled with the link in our email. Two-factor authentication stays on.`,
      signIn: (site) =>
        `The request to turn off two-factor authentication for your ${site} account was cancelled, because a sign-in used a code from the authenticator app or a recovery code. Two-factor authentication stays on.`,
    },
    completed: {
      subject: (site) => `Two-factor authentication is off for your ${site} account`,
      lead: (site) =>
        `As asked by the email recovery of a lost authenticator, two-factor authentication was turned off for your ${site} account: signing in no longer asks for a code, and the recovery codes no longer work. Turn it on again with a new authenticator from your profile.`,
      asked: 'It was asked for from this device:',
    },
  },
  ru: {
    requested: {
      subject: (site) => `Двухфакторная аутентификация на ${site} будет выключена`,
      lead: (site, due) =>
        `При входе в ваш аккаунт ${site} по паролю попросили выключить двухфакторную аутентификацию: приложением-аутентификатором и резервными кодами воспользоваться нельзя. Двухфакторная аутентификация будет выключена ${due}, если до этого запрос не отменят.`,
      ifYou:
        'Если это были вы, ничего делать не нужно: после этого времени можно будет входить только по паролю, а затем снова включить двухфакторную аутентификацию в профиле с новым аутентификатором.',
      ifNotYou: 'Если это были не вы, сразу отмените запрос. Тот, кто его отправил, знает ваш пароль, поэтому сбросьте и пароль.',
      cancel: 'Отменить — оставить двухфакторную аутентификацию',
      reset: 'Сбросить пароль',
    },
    cancelled: {
      subject: (site) => `Двухфакторная аутентификация на ${site} остаётся включённой`,
      link: (site) =>
        `Запрос на выключение двухфакторной аутентификации для вашего аккаунта ${site} отменён по ссылке из нашего письма. Двухфакторная аутентификация остаётся включённой.`,
      signIn: (site) =>
        `Запрос на выключение двухфакторной аутентификации для вашего аккаунта ${site} отменён: при входе был введён код из приложения-аутентификатора или резервный код. Двухфакторная аутентификация остаётся включённой.`,
    },
    completed: {
      subject: (site) => `Двухфакторная аутентификация на ${site} выключена`,
      lead: (site) =>
        `По запросу на восстановление доступа без аутентификатора для вашего аккаунта ${site} выключена двухфакторная аутентификация: код при входе больше не нужен, а резервные коды больше не действуют. Снова включите её в профиле с новым аутентификатором.`,
      asked: 'Запрос был отправлен с этого устройства:',
    },
  },
  es: {
    requested: {
      subject: (site) => `Se desactivará la autenticación en dos pasos de tu cuenta de ${site}`,
      lead: (site, due) =>
        `Al iniciar sesión en tu cuenta de ${site} con su contraseña se pidió desactivar la autenticación en dos pasos, porque no se pueden usar ni la aplicación de autenticación ni los códigos de recuperación. La autenticación en dos pasos se desactivará el ${due}, salvo que antes se cancele la solicitud.`,
      ifYou:
        'Si has sido tú, no tienes que hacer nada: después podrás iniciar sesión solo con tu contraseña y volver a activar la autenticación en dos pasos desde tu perfil con un nuevo autenticador.',
      ifNotYou: 'Si no has sido tú, cancélala ahora. Quien la pidió conoce tu contraseña, así que restablécela también.',
      cancel: 'Cancelar y mantener la autenticación en dos pasos',
      reset: 'Restablecer la contraseña',
    },
    cancelled: {
      subject: (site) => `La autenticación en dos pasos sigue activada en tu cuenta de ${site}`,
      link: (site) =>
        `Se ha cancelado con el enlace de nuestro correo la solicitud de desactivar la autenticación en dos pasos de tu cuenta de ${site}. La autenticación en dos pasos sigue activada.`,
      signIn: (site) =>
        `Se ha cancelado la solicitud de desactivar la autenticación en dos pasos de tu cuenta de ${site}, porque se inició sesión con un código de la aplicación de autenticación o un código de recuperación. La autenticación en dos pasos sigue activada.`,
    },
    completed: {
      subject: (site) => `La autenticación en dos pasos está desactivada en tu cuenta de ${site}`,
      lead: (site) =>
        `Como se pidió con la recuperación por correo de un autenticador perdido, se ha desactivado la autenticación en dos pasos de tu cuenta de ${site}: ya no se pide un código al iniciar sesión y los códigos de recuperación han dejado de funcionar. Vuelve a activarla desde tu perfil con un nuevo autenticador.`,
      asked: 'Se pidió desde este dispositivo:',
    },
  },
};

function requested(locale: MailLocale) {
  return (p: MailTemplateParams['twoFactorRecoveryRequested'], site: SiteContext) => {
    const words = WORDS[locale].requested;
    return securityDoc(words.subject(site.siteName), [{ p: words.lead(site.siteName, formatWhen(p.dueAt, locale)) }], p, locale, site, [
      { p: words.ifYou },
      { p: words.ifNotYou },
      { link: { href: cancelRecoveryUrl(site, locale, p.token), label: words.cancel } },
      { link: { href: resetUrl(site, locale), label: words.reset } },
    ]);
  };
}

function cancelled(locale: MailLocale) {
  return (p: MailTemplateParams['twoFactorRecoveryCancelled'], site: SiteContext) => {
    const words = WORDS[locale].cancelled;
    return securityDoc(words.subject(site.siteName), [{ p: p.by === 'link' ? words.link(site.siteName) : words.signIn(site.siteName) }], p, locale, site);
  };
}

function completed(locale: MailLocale) {
  return (p: MailTemplateParams['twoFactorRecoveryCompleted'], site: SiteContext) => {
    const words = WORDS[locale].completed;
    return securityDoc(words.subject(site.siteName), [{ p: words.lead(site.siteName) }, { p: words.asked }], p, locale, site);
  };
}

/** The copy of the three recovery mails in every language. */
export const TWO_FACTOR_RECOVERY_COPY: Pick<Copy, 'twoFactorRecoveryRequested' | 'twoFactorRecoveryCancelled' | 'twoFactorRecoveryCompleted'> = {
  twoFactorRecoveryRequested: { en: requested('en'), ru: requested('ru'), es: requested('es') },
  twoFactorRecoveryCancelled: { en: cancelled('en'), ru: cancelled('ru'), es: cancelled('es') },
  twoFactorRecoveryCompleted: { en: completed('en'), ru: completed('ru'), es: completed('es') },
};
