/**
 * The payout mails (PAYOUT-MAIL): a payout requested, paid or failed, taken back by Stripe after
 * it was paid (in part or in full), and — a security notice (MAIL-SECURITY, PAYOUT-COOLDOWN) — the
 * payout method changed with payouts paused. Then the administrators' mails (PAYOUT-QUEUE,
 * PAYOUT-WEBHOOKS, decision 0041), each in the administrator's language: a Stripe payout whose
 * outcome is unknown (checking began, or stopped after about a week) and a paid payout Stripe took
 * back. Money and dates are formatted with Intl in the mail's language (format.ts); the failure
 * reason is the studio's or Stripe's words, plain text.
 */
import { formatMoney, formatWhen } from './format.js';
import { type MailWords, yesNo } from './messages.js';
import { eventFields, resetLink } from './securityMails.js';
import { type Block, type Doc, type Mails, adminPayoutsUrl, payoutsUrl } from './templates.js';

/** The reason without its closing full stop, so "…: <reason>. The money…" does not end twice. */
const sentence = (reason: string) => reason.trim().replace(/[.\s]+$/, '');

/** A payout mail to the user: greeting, `body`, the link to /profile/payouts, sign-off. */
function payoutDoc(subject: string, body: Block[], w: MailWords): Doc {
  const link: Block = { link: { href: payoutsUrl(w.site, w.locale), label: w.t('mail.payouts.link') } };
  return { subject, blocks: [{ p: w.t('mail.hello') }, ...body, link, { p: w.t('mail.team') }] };
}

/** An administrators' mail: the lead, what happens next, the payout's facts, the queue link, the sign-off. */
function adminDoc(subject: string, lead: string, next: string, facts: { payoutId: string; earner: string }, href: string, { t }: MailWords): Doc {
  const blocks: Block[] = [
    { p: lead },
    { p: next },
    {
      fields: [
        [t('mail.adminPayouts.payout'), facts.payoutId],
        [t('mail.adminPayouts.earner'), facts.earner],
      ],
    },
    { link: { href, label: t('mail.adminPayouts.link') } },
    { p: t('mail.adminPayouts.signOff') },
  ];
  return { subject, blocks };
}

type PayoutTemplate =
  'payoutRequested' | 'payoutPaid' | 'payoutFailed' | 'payoutMethodChanged' | 'payoutReversed' | 'adminPayoutChecking' | 'adminPayoutReversed';

/** The payout mails in every language. */
export const PAYOUT_MAILS: Pick<Mails, PayoutTemplate> = {
  payoutRequested: (p, w) => {
    const values = { amount: formatMoney(p.amount, p.currency, w.locale), destination: p.destination };
    const body = [{ p: w.t('mail.payoutRequested.lead', values) }, { p: w.t(`mail.payoutRequested.next.${p.method}`) }];
    return payoutDoc(w.t('mail.payoutRequested.subject', values), body, w);
  },
  payoutPaid: (p, w) => {
    const values = { amount: formatMoney(p.amount, p.currency, w.locale), destination: p.destination };
    const reference: Block[] = p.reference ? [{ fields: [[w.t('mail.payoutPaid.reference'), p.reference]] }] : [];
    const body = [{ p: w.t('mail.payoutPaid.lead', values) }, ...reference, { p: w.t(`mail.payoutPaid.next.${p.method}`) }];
    return payoutDoc(w.t('mail.payoutPaid.subject', values), body, w);
  },
  payoutFailed: (p, w) => {
    const values = { amount: formatMoney(p.amount, p.currency, w.locale), destination: p.destination, reason: sentence(p.reason) };
    return payoutDoc(w.t('mail.payoutFailed.subject', values), [{ p: w.t('mail.payoutFailed.lead', values) }, { p: w.t('mail.payoutFailed.next') }], w);
  },
  payoutReversed: (p, w) => {
    const money = (minor: number) => formatMoney(minor, p.currency, w.locale);
    const values = { payout: money(p.payoutAmount), back: money(p.amount), destination: p.destination, full: yesNo(p.full) };
    return payoutDoc(w.t('mail.payoutReversed.subject', values), [{ p: w.t('mail.payoutReversed.lead', values) }, { p: w.t('mail.payoutReversed.next') }], w);
  },
  // The security notice: what changed and the pause, the event's fields, then what to do if it wasn't the reader.
  payoutMethodChanged: (p, w) => {
    const name = w.t(`mail.payoutMethod.${p.method}`);
    const method = p.destination ? w.t('mail.payoutMethodChanged.methodAndDestination', { method: name, destination: p.destination }) : name;
    return {
      subject: w.t('mail.payoutMethodChanged.subject'),
      blocks: [
        { p: w.t('mail.payoutMethodChanged.lead', { method, until: formatWhen(p.until, w.locale) }) },
        eventFields(p, w),
        { p: w.t('mail.payoutMethodChanged.notYou') },
        resetLink(w),
      ],
    };
  },
  adminPayoutChecking: (p, w) => {
    const earner = p.earner ?? w.t('mail.adminPayouts.deletedEarner');
    const values = { amount: formatMoney(p.amount, p.currency, w.locale), earner, stage: p.stage };
    const href = adminPayoutsUrl(w.site, w.locale, 'PROCESSING');
    const [subject, lead, next] = [
      w.t('mail.adminPayoutChecking.subject', values),
      w.t('mail.adminPayoutChecking.lead', values),
      w.t('mail.adminPayoutChecking.next', values),
    ];
    return adminDoc(subject, lead, next, { payoutId: p.payoutId, earner }, href, w);
  },
  adminPayoutReversed: (p, w) => {
    const earner = p.earner ?? w.t('mail.adminPayouts.deletedEarner');
    const money = (minor: number) => formatMoney(minor, p.currency, w.locale);
    const values = { payout: money(p.payoutAmount), back: money(p.amount), earner, full: yesNo(p.full) };
    const href = adminPayoutsUrl(w.site, w.locale, p.full ? 'REVERSED' : 'PAID');
    const [subject, lead, next] = [
      w.t('mail.adminPayoutReversed.subject', values),
      w.t('mail.adminPayoutReversed.lead', values),
      w.t('mail.adminPayoutReversed.next'),
    ];
    return adminDoc(subject, lead, next, { payoutId: p.payoutId, earner }, href, w);
  },
};
