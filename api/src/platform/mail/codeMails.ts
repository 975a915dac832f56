/**
 * The mails that carry a secret for the reader to use: the e-mail codes (ACC-EMAIL, ACC-DELETE,
 * ACC-SUDO) and the password-reset link (ACC-RESET). Each says how long it is valid.
 */
import { type Doc, EMAIL_CODE_TTL_MINUTES, type Mails, type MailTemplateParams, PASSWORD_RESET_TTL_MINUTES, changePasswordUrl } from './templates.js';
import type { MailWords } from './messages.js';

type CodeTemplate = 'emailVerificationCode' | 'emailChangeCode' | 'accountDeletionCode' | 'reauthenticationCode';

/** A code mail: the code in the subject and alone on its line, between what it is for and how long it lasts. */
function codeMail<T extends CodeTemplate>(template: T) {
  return (p: MailTemplateParams[T], { t }: MailWords): Doc => {
    const values = { ...p, minutes: EMAIL_CODE_TTL_MINUTES };
    return {
      subject: t(`mail.${template}.subject`, values),
      blocks: [{ p: t(`mail.${template}.intro`, values) }, { code: p.code }, { p: t(`mail.${template}.validity`, values) }],
    };
  };
}

/** The code mails and the password reset, in every language. */
export const CODE_MAILS: Pick<Mails, CodeTemplate | 'passwordReset'> = {
  emailVerificationCode: codeMail('emailVerificationCode'),
  emailChangeCode: codeMail('emailChangeCode'),
  accountDeletionCode: codeMail('accountDeletionCode'),
  reauthenticationCode: codeMail('reauthenticationCode'),
  passwordReset: (p, { t, locale, site }) => ({
    subject: t('mail.passwordReset.subject'),
    blocks: [
      { p: t('mail.passwordReset.intro') },
      { link: { href: changePasswordUrl(site, locale, p.token), label: t('mail.passwordReset.link') } },
      { p: t('mail.passwordReset.validity', { hours: PASSWORD_RESET_TTL_MINUTES / 60 }) },
    ],
  }),
};
