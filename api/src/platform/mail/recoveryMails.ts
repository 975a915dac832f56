/**
 * The e-mail recovery of a lost authenticator (ACC-2FA-RECOVERY, decision 0047): asked for (when
 * two-factor authentication will be turned off, from which device, and the cancel link), cancelled
 * (by the link or by a sign-in with a second factor) and carried out. Like every security mail
 * they say when and from which device (MAIL-SECURITY, securityMails.ts).
 */
import { formatWhen } from './format.js';
import { resetLink, securityDoc } from './securityMails.js';
import { type Mails, cancelRecoveryUrl } from './templates.js';

type RecoveryTemplate = 'twoFactorRecoveryRequested' | 'twoFactorRecoveryCancelled' | 'twoFactorRecoveryCompleted';

/** The three recovery mails in every language. */
export const RECOVERY_MAILS: Pick<Mails, RecoveryTemplate> = {
  twoFactorRecoveryRequested: (p, w) =>
    securityDoc(
      w.t('mail.twoFactorRecoveryRequested.subject'),
      [{ p: w.t('mail.twoFactorRecoveryRequested.lead', { due: formatWhen(p.dueAt, w.locale) }) }],
      p,
      w,
      [
        { p: w.t('mail.twoFactorRecoveryRequested.ifYou') },
        { p: w.t('mail.twoFactorRecoveryRequested.ifNotYou') },
        { link: { href: cancelRecoveryUrl(w.site, w.locale, p.token), label: w.t('mail.twoFactorRecoveryRequested.cancelLink') } },
        resetLink(w),
      ],
    ),
  twoFactorRecoveryCancelled: (p, w) =>
    securityDoc(w.t('mail.twoFactorRecoveryCancelled.subject'), [{ p: w.t('mail.twoFactorRecoveryCancelled.lead', { by: p.by }) }], p, w),
  twoFactorRecoveryCompleted: (p, w) =>
    securityDoc(
      w.t('mail.twoFactorRecoveryCompleted.subject'),
      [{ p: w.t('mail.twoFactorRecoveryCompleted.lead') }, { p: w.t('mail.twoFactorRecoveryCompleted.asked') }],
      p,
      w,
    ),
};
