/**
 * The security mails (MAIL-SECURITY): e-mail address changed (to the old address), password
 * changed or reset, provider account linked, account deleted, a change of how the account is
 * signed into (ACC-2FA, ACC-PASSKEYS). Each says what happened, when (in the mail's language, in
 * UTC with the zone named), from which device (label and approximate network, http/device.ts), and
 * what to do if it was not the reader.
 */
import { formatWhen } from './format.js';
import { type MailWords, yesNo } from './messages.js';
import { type Block, type Doc, type Mails, type SecurityEvent, resetUrl } from './templates.js';

/**
 * The device label of http/device.ts `deviceLabel` ("Chrome 131 on macOS") with its one English
 * word in the mail's language; the browser and system names are names and stay as they are.
 */
function deviceText(label: string | null, { t }: MailWords): string {
  if (!label) return t('mail.security.unknownDevice');
  const at = label.indexOf(' on ');
  return at < 0 ? label : t('mail.security.deviceOn', { browser: label.slice(0, at), system: label.slice(at + 4) });
}

/** The "when / device / network" fields of a security event (also the payout method notice). */
export function eventFields(event: SecurityEvent, w: MailWords): Block {
  return {
    fields: [
      [w.t('mail.security.when'), formatWhen(event.at, w.locale)],
      [w.t('mail.security.device'), deviceText(event.device.label, w)],
      [w.t('mail.security.network'), event.device.network ?? w.t('mail.security.unknownNetwork')],
    ],
  };
}

/** The link to ask for a new password reset, in the mail's language. */
export function resetLink(w: MailWords): Block {
  return { link: { href: resetUrl(w.site, w.locale), label: w.t('mail.security.resetLink') } };
}

/** A security mail: its lead paragraph(s), the event's fields, then `closing` (default: the "if it wasn't you" advice and the reset link). */
export function securityDoc(subject: string, lead: Block[], event: SecurityEvent, w: MailWords, closing?: Block[]): Doc {
  return { subject, blocks: [...lead, eventFields(event, w), ...(closing ?? [{ p: w.t('mail.security.notYou') }, resetLink(w)])] };
}

/**
 * The paragraphs of `passwordResetDone` naming what the reset removed (ACC-RESET, decision 0045):
 * links by provider and name, passkeys by name, two-factor authentication; none when nothing went.
 */
function removedBlocks(
  p: { removedLinks: string[]; removedPasskeys?: string[] | undefined; twoFactorRemoved?: boolean | undefined },
  { t }: MailWords,
): Block[] {
  const passkeys = (p.removedPasskeys ?? []).map((name) => t('mail.passwordResetDone.removedPasskey', { name }));
  const lines = [...p.removedLinks, ...passkeys, ...(p.twoFactorRemoved ? [t('mail.passwordResetDone.removedTwoFactor')] : [])];
  if (!lines.length) return [];
  return [{ p: t('mail.passwordResetDone.removedIntro') }, { quote: lines.join('\n') }, { p: t('mail.passwordResetDone.removedOutro') }];
}

type SecurityTemplate = 'emailChangedNotice' | 'passwordChanged' | 'passwordResetDone' | 'providerLinked' | 'accountDeleted' | 'signInMethodChanged';

/** The security mails in every language. */
export const SECURITY_MAILS: Pick<Mails, SecurityTemplate> = {
  emailChangedNotice: (p, w) =>
    securityDoc(w.t('mail.emailChangedNotice.subject'), [{ p: w.t('mail.emailChangedNotice.lead', { oldEmail: p.oldEmail, newEmail: p.newEmail }) }], p, w),
  passwordChanged: (p, w) => {
    const first = yesNo(p.firstPassword);
    return securityDoc(w.t('mail.passwordChanged.subject', { first }), [{ p: w.t('mail.passwordChanged.lead', { first }) }], p, w);
  },
  passwordResetDone: (p, w) => securityDoc(w.t('mail.passwordResetDone.subject'), [{ p: w.t('mail.passwordResetDone.lead') }, ...removedBlocks(p, w)], p, w),
  providerLinked: (p, w) => {
    const values = { provider: p.provider, account: p.account ?? '', named: yesNo(Boolean(p.account)) };
    return securityDoc(w.t('mail.providerLinked.subject', values), [{ p: w.t('mail.providerLinked.lead', values) }], p, w);
  },
  accountDeleted: (p, w) =>
    securityDoc(w.t('mail.accountDeleted.subject'), [{ p: w.t('mail.accountDeleted.lead', { byAdmin: yesNo(p.byAdmin) }) }], p, w, [
      { p: w.t('mail.accountDeleted.notYou') },
    ]),
  signInMethodChanged: (p, w) => {
    const values = { name: p.passkeyName ?? '', named: yesNo(Boolean(p.passkeyName)) };
    return securityDoc(w.t(`mail.signInMethodChanged.${p.change}.subject`), [{ p: w.t(`mail.signInMethodChanged.${p.change}.lead`, values) }], p, w);
  },
};
