/**
 * The words of the `signInMethodChanged` security mail (MAIL-SECURITY) in every site language:
 * two-factor authentication turned on or off, new recovery codes, a passkey added or removed
 * (ACC-2FA, ACC-PASSKEYS). Like every security mail it says when, from which device, and what to
 * do if it was not the reader (securityCopy.ts).
 */
import { securityDoc } from './securityCopy.js';
import type { Copy, MailLocale, SignInMethodChange } from './templates.js';

/** Subject and lead of each change, per language; `site` is SITE_NAME, `name` the passkey's name in the language's quotes. */
const WORDS: Record<
  MailLocale,
  { quote: [string, string] } & Record<SignInMethodChange, { subject: (site: string) => string; lead: (site: string, name: string) => string }>
> = {
  en: {
    quote: ['“', '”'],
    TWO_FACTOR_ENABLED: {
      subject: (site) => `Two-factor authentication is on for your ${site} account`,
      lead: (site) =>
        `Two-factor authentication was turned on for your ${site} account. Signing in with your password now also asks for a code from your authenticator app.`,
    },
    TWO_FACTOR_DISABLED: {
      subject: (site) => `Two-factor authentication is off for your ${site} account`,
      lead: (site) =>
        `Two-factor authentication was turned off for your ${site} account. Signing in no longer asks for a code, and the recovery codes no longer work.`,
    },
    RECOVERY_CODES_REGENERATED: {
      subject: (site) => `New recovery codes for your ${site} account`,
      lead: (site) => `New recovery codes were made for your ${site} account. The earlier ones no longer work.`,
    },
    PASSKEY_ADDED: {
      subject: (site) => `A passkey was added to your ${site} account`,
      lead: (site, name) => `The passkey${name} was added to your ${site} account. It can now be used to sign in without a password.`,
    },
    PASSKEY_REMOVED: {
      subject: (site) => `A passkey was removed from your ${site} account`,
      lead: (site, name) => `The passkey${name} was removed from your ${site} account. It can no longer be used to sign in.`,
    },
  },
  ru: {
    quote: ['«', '»'],
    TWO_FACTOR_ENABLED: {
      subject: (site) => `Двухфакторная аутентификация на ${site} включена`,
      lead: (site) =>
        `Для вашего аккаунта ${site} включена двухфакторная аутентификация. Теперь при входе по паролю сайт спросит и код из приложения-аутентификатора.`,
    },
    TWO_FACTOR_DISABLED: {
      subject: (site) => `Двухфакторная аутентификация на ${site} выключена`,
      lead: (site) =>
        `Для вашего аккаунта ${site} выключена двухфакторная аутентификация. Код при входе больше не нужен, а резервные коды больше не действуют.`,
    },
    RECOVERY_CODES_REGENERATED: {
      subject: (site) => `Новые резервные коды для аккаунта на ${site}`,
      lead: (site) => `Для вашего аккаунта ${site} созданы новые резервные коды. Прежние больше не действуют.`,
    },
    PASSKEY_ADDED: {
      subject: (site) => `К аккаунту на ${site} добавлен ключ доступа`,
      lead: (site, name) => `К вашему аккаунту ${site} добавлен ключ доступа${name}. Теперь с ним можно входить без пароля.`,
    },
    PASSKEY_REMOVED: {
      subject: (site) => `Ключ доступа удалён из аккаунта на ${site}`,
      lead: (site, name) => `Из вашего аккаунта ${site} удалён ключ доступа${name}. Входить с ним больше нельзя.`,
    },
  },
  es: {
    quote: ['«', '»'],
    TWO_FACTOR_ENABLED: {
      subject: (site) => `La autenticación en dos pasos está activada en tu cuenta de ${site}`,
      lead: (site) =>
        `Se ha activado la autenticación en dos pasos en tu cuenta de ${site}. Al iniciar sesión con tu contraseña también se te pedirá un código de tu aplicación de autenticación.`,
    },
    TWO_FACTOR_DISABLED: {
      subject: (site) => `La autenticación en dos pasos está desactivada en tu cuenta de ${site}`,
      lead: (site) =>
        `Se ha desactivado la autenticación en dos pasos en tu cuenta de ${site}. Ya no se pide un código al iniciar sesión y los códigos de recuperación han dejado de funcionar.`,
    },
    RECOVERY_CODES_REGENERATED: {
      subject: (site) => `Nuevos códigos de recuperación para tu cuenta de ${site}`,
      lead: (site) => `Se han generado nuevos códigos de recuperación para tu cuenta de ${site}. Los anteriores ya no funcionan.`,
    },
    PASSKEY_ADDED: {
      subject: (site) => `Se ha añadido una llave de acceso a tu cuenta de ${site}`,
      lead: (site, name) => `Se ha añadido la llave de acceso${name} a tu cuenta de ${site}. Ya se puede usar para iniciar sesión sin contraseña.`,
    },
    PASSKEY_REMOVED: {
      subject: (site) => `Se ha eliminado una llave de acceso de tu cuenta de ${site}`,
      lead: (site, name) => `Se ha eliminado la llave de acceso${name} de tu cuenta de ${site}. Ya no se puede usar para iniciar sesión.`,
    },
  },
};

function signInMethodChanged(locale: MailLocale): Copy['signInMethodChanged'][MailLocale] {
  return (p, site) => {
    const words = WORDS[locale];
    const [open, close] = words.quote;
    const name = p.passkeyName ? ` ${open}${p.passkeyName}${close}` : '';
    const change = words[p.change];
    return securityDoc(change.subject(site.siteName), [{ p: change.lead(site.siteName, name) }], p, locale, site);
  };
}

/** The copy of `signInMethodChanged` in every language. */
export const SIGN_IN_METHOD_COPY: Pick<Copy, 'signInMethodChanged'> = {
  signInMethodChanged: { en: signInMethodChanged('en'), ru: signInMethodChanged('ru'), es: signInMethodChanged('es') },
};
