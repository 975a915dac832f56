/**
 * The words of the payout mails (PAYOUT-MAIL) in every site language: a payout requested, paid or
 * failed, taken back by Stripe after it was paid (in part or in full), and — a security notice (MAIL-SECURITY, PAYOUT-COOLDOWN) — the payout method changed with
 * payouts paused. Money is formatted with Intl in the mail's language with the currency's own
 * decimals (`formatMoney`); dates like the security mails (`formatWhen`: to the minute, UTC, zone
 * named). Parameters are plain text (the failure reason is the studio's or Stripe's words);
 * render.ts escapes every piece.
 */
import { eventFields, formatWhen } from './securityCopy.js';
import {
  type Block,
  type Copy,
  type Doc,
  type MailLocale,
  type MailTemplateParams,
  type PayoutMethodName,
  type SiteContext,
  payoutsUrl,
  resetUrl,
} from './templates.js';

/**
 * `minor` units of `currency` (ISO 4217, e.g. `USD`) as money in `locale`: Intl's currency style with
 * the currency's decimals as Intl knows them (2 for USD/EUR, 0 for JPY, 3 for KWD) —
 * `formatMoney(123450, 'USD', 'ru')` → `1 234,50 $`.
 * @throws RangeError for a malformed currency code (the ledger only stores three capital letters).
 */
export function formatMoney(minor: number, currency: string, locale: MailLocale): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** The per-language words of the payout mails. */
interface Words {
  hello: string;
  team: (site: string) => string;
  /** The method inside a sentence ("changed to bank transfer"). */
  method: Record<PayoutMethodName, string>;
  pageLabel: string;
  requested: { subject: (money: string) => string; lead: (money: string, destination: string) => string; next: Record<PayoutMethodName, string> };
  paid: { subject: (money: string) => string; lead: (money: string, destination: string) => string; reference: string; next: Record<PayoutMethodName, string> };
  failed: { subject: (money: string) => string; lead: (money: string, destination: string, reason: string) => string; next: string };
  /** `money` the payout, `back` the amount taken back (PAYOUT-WEBHOOKS). */
  reversed: {
    subjectFull: (money: string) => string;
    subjectPart: (back: string) => string;
    leadFull: (money: string, destination: string) => string;
    leadPart: (back: string, money: string, destination: string) => string;
    next: string;
  };
  changed: {
    subject: (site: string) => string;
    lead: (site: string, method: string, destination: string | null, until: string) => string;
    notYou: (publicUrl: string) => string;
    resetLabel: string;
  };
}

const WORDS: Record<MailLocale, Words> = {
  en: {
    hello: 'Hello,',
    team: (site) => `The ${site} team`,
    method: { STRIPE: 'Stripe', BANK_TRANSFER: 'bank transfer' },
    pageLabel: 'View your payouts',
    requested: {
      subject: (m) => `We received your payout request of ${m}`,
      lead: (m, d) => `We received your payout request of ${m}; it goes to ${d}.`,
      next: {
        STRIPE: 'The money is sent through Stripe and usually reaches you within a few business days.',
        BANK_TRANSFER: 'We send bank transfers by hand, usually within 5 business days. We will email you when the money is on its way.',
      },
    },
    paid: {
      subject: (m) => `Your payout of ${m} was sent`,
      lead: (m, d) => `Your payout of ${m} was sent to ${d}.`,
      reference: 'Bank reference',
      next: {
        STRIPE: 'The money is now in your Stripe account; Stripe pays it out to your bank from there.',
        BANK_TRANSFER: 'Depending on your bank, it may take a few business days to show in your account.',
      },
    },
    failed: {
      subject: (m) => `Your payout of ${m} could not be made`,
      lead: (m, d, r) => `Your payout of ${m} to ${d} could not be made: ${r}. The money is back in your available balance.`,
      next: 'Check your payout method and request the payout again when you are ready.',
    },
    reversed: {
      subjectFull: (m) => `Your payout of ${m} was taken back`,
      subjectPart: (b) => `${b} of your payout was taken back`,
      leadFull: (m, d) => `Stripe took back the transfer of your payout of ${m} to ${d}. The money is back in your available balance.`,
      leadPart: (b, m, d) => `Stripe took back ${b} of your payout of ${m} to ${d}. That amount is back in your available balance.`,
      next: 'This happens when a transfer is reversed at Stripe, for example after a correction. You can request a payout again from your payouts page; if you do not know why it happened, contact us.',
    },
    changed: {
      subject: (site) => `Your ${site} payout method was changed`,
      lead: (site, m, d, u) =>
        `The payout method of your ${site} account was changed to ${m}${d ? ` (${d})` : ''}. Payouts are paused until ${u} for your safety.`,
      notYou: (url) =>
        `If this was you, there's nothing else to do. If it wasn't, change your password right away with the link below and contact us through ${url}: someone may have access to your account.`,
      resetLabel: 'Reset password',
    },
  },
  ru: {
    hello: 'Здравствуйте!',
    team: (site) => `Команда ${site}`,
    method: { STRIPE: 'Stripe', BANK_TRANSFER: 'банковский перевод' },
    pageLabel: 'Открыть выплаты',
    requested: {
      subject: (m) => `Мы получили вашу заявку на выплату ${m}`,
      lead: (m, d) => `Мы получили вашу заявку на выплату ${m}. Деньги будут отправлены по реквизитам: ${d}.`,
      next: {
        STRIPE: 'Деньги отправляются через Stripe и обычно поступают в течение нескольких рабочих дней.',
        BANK_TRANSFER: 'Банковские переводы мы отправляем вручную, обычно в течение 5 рабочих дней. Когда деньги будут отправлены, мы пришлём письмо.',
      },
    },
    paid: {
      subject: (m) => `Выплата ${m} отправлена`,
      lead: (m, d) => `Ваша выплата ${m} отправлена по реквизитам: ${d}.`,
      reference: 'Номер платежа',
      next: {
        STRIPE: 'Деньги уже на вашем счёте в Stripe; оттуда Stripe переведёт их в ваш банк.',
        BANK_TRANSFER: 'В зависимости от банка деньги могут поступить на счёт в течение нескольких рабочих дней.',
      },
    },
    failed: {
      subject: (m) => `Не удалось провести выплату ${m}`,
      lead: (m, d, r) => `Не удалось провести вашу выплату ${m} (${d}): ${r}. Деньги вернулись на ваш доступный баланс.`,
      next: 'Проверьте способ выплаты и, когда будете готовы, снова отправьте заявку на выплату.',
    },
    reversed: {
      subjectFull: (m) => `Выплата ${m} возвращена`,
      subjectPart: (b) => `Из вашей выплаты возвращено ${b}`,
      leadFull: (m, d) => `Stripe отменил перевод вашей выплаты ${m} (${d}). Деньги вернулись на ваш доступный баланс.`,
      leadPart: (b, m, d) => `Stripe вернул ${b} из вашей выплаты ${m} (${d}). Эта сумма снова на вашем доступном балансе.`,
      next: 'Так бывает, когда перевод отменяют в Stripe, например после исправления. Вы можете снова запросить выплату на странице выплат; если вы не знаете, почему так произошло, свяжитесь с нами.',
    },
    changed: {
      subject: (site) => `Способ выплаты на ${site} изменён`,
      lead: (site, m, d, u) =>
        `Способ выплаты в вашего аккаунта ${site} изменён: теперь это ${m}${d ? ` (${d})` : ''}. В целях безопасности выплаты приостановлены до ${u}.`,
      notYou: (url) =>
        `Если это были вы, больше ничего делать не нужно. Если нет — сразу смените пароль по ссылке ниже и свяжитесь с нами через сайт ${url}: возможно, кто-то получил доступ к вашему аккаунту.`,
      resetLabel: 'Сбросить пароль',
    },
  },
  es: {
    hello: 'Hola:',
    team: (site) => `El equipo de ${site}`,
    method: { STRIPE: 'Stripe', BANK_TRANSFER: 'transferencia bancaria' },
    pageLabel: 'Ver tus pagos',
    requested: {
      subject: (m) => `Hemos recibido tu solicitud de pago de ${m}`,
      lead: (m, d) => `Hemos recibido tu solicitud de pago de ${m}; se enviará a ${d}.`,
      next: {
        STRIPE: 'El dinero se envía a través de Stripe y normalmente llega en unos pocos días hábiles.',
        BANK_TRANSFER:
          'Hacemos las transferencias bancarias a mano, normalmente en un plazo de 5 días hábiles. Te escribiremos cuando el dinero esté en camino.',
      },
    },
    paid: {
      subject: (m) => `Se ha enviado tu pago de ${m}`,
      lead: (m, d) => `Tu pago de ${m} se ha enviado a ${d}.`,
      reference: 'Referencia bancaria',
      next: {
        STRIPE: 'El dinero ya está en tu cuenta de Stripe; desde allí Stripe lo transfiere a tu banco.',
        BANK_TRANSFER: 'Según tu banco, puede tardar unos días hábiles en aparecer en tu cuenta.',
      },
    },
    failed: {
      subject: (m) => `No se ha podido hacer tu pago de ${m}`,
      lead: (m, d, r) => `No se ha podido hacer tu pago de ${m} a ${d}: ${r}. El dinero ha vuelto a tu saldo disponible.`,
      next: 'Revisa tu método de cobro y vuelve a solicitar el pago cuando quieras.',
    },
    reversed: {
      subjectFull: (m) => `Se ha devuelto tu pago de ${m}`,
      subjectPart: (b) => `Se han devuelto ${b} de tu pago`,
      leadFull: (m, d) => `Stripe ha revertido la transferencia de tu pago de ${m} a ${d}. El dinero ha vuelto a tu saldo disponible.`,
      leadPart: (b, m, d) => `Stripe ha revertido ${b} de tu pago de ${m} a ${d}. Esa cantidad ha vuelto a tu saldo disponible.`,
      next: 'Esto ocurre cuando se revierte una transferencia en Stripe, por ejemplo tras una corrección. Puedes volver a solicitar un pago desde tu página de pagos; si no sabes por qué ha ocurrido, ponte en contacto con nosotros.',
    },
    changed: {
      subject: (site) => `Se ha cambiado tu método de cobro en ${site}`,
      lead: (site, m, d, u) =>
        `El método de cobro de tu cuenta de ${site} ha cambiado a ${m}${d ? ` (${d})` : ''}. Por tu seguridad, los pagos quedan en pausa hasta el ${u}.`,
      notYou: (url) =>
        `Si has sido tú, no tienes que hacer nada más. Si no, cambia tu contraseña cuanto antes con el enlace de abajo y ponte en contacto con nosotros a través de ${url}: es posible que alguien haya accedido a tu cuenta.`,
      resetLabel: 'Restablecer la contraseña',
    },
  },
};

/** The reason without its closing full stop, so "…: <reason>. The money…" does not end twice. */
const sentence = (reason: string) => reason.trim().replace(/[.\s]+$/, '');

/** A payout mail to the user: greeting, `body`, the link to /profile/payouts, sign-off. */
function payoutDoc(subject: string, body: Block[], locale: MailLocale, site: SiteContext): Doc {
  const w = WORDS[locale];
  return { subject, blocks: [{ p: w.hello }, ...body, { link: { href: payoutsUrl(site, locale), label: w.pageLabel } }, { p: w.team(site.siteName) }] };
}

function requested(locale: MailLocale) {
  return (p: MailTemplateParams['payoutRequested'], site: SiteContext): Doc => {
    const w = WORDS[locale].requested;
    const money = formatMoney(p.amount, p.currency, locale);
    return payoutDoc(w.subject(money), [{ p: w.lead(money, p.destination) }, { p: w.next[p.method] }], locale, site);
  };
}

function paid(locale: MailLocale) {
  return (p: MailTemplateParams['payoutPaid'], site: SiteContext): Doc => {
    const w = WORDS[locale].paid;
    const money = formatMoney(p.amount, p.currency, locale);
    const reference: Block[] = p.reference ? [{ fields: [[w.reference, p.reference]] }] : [];
    return payoutDoc(w.subject(money), [{ p: w.lead(money, p.destination) }, ...reference, { p: w.next[p.method] }], locale, site);
  };
}

function failed(locale: MailLocale) {
  return (p: MailTemplateParams['payoutFailed'], site: SiteContext): Doc => {
    const w = WORDS[locale].failed;
    const money = formatMoney(p.amount, p.currency, locale);
    return payoutDoc(w.subject(money), [{ p: w.lead(money, p.destination, sentence(p.reason)) }, { p: w.next }], locale, site);
  };
}

function reversed(locale: MailLocale) {
  return (p: MailTemplateParams['payoutReversed'], site: SiteContext): Doc => {
    const w = WORDS[locale].reversed;
    const money = formatMoney(p.payoutAmount, p.currency, locale);
    const back = formatMoney(p.amount, p.currency, locale);
    const subject = p.full ? w.subjectFull(money) : w.subjectPart(back);
    const lead = p.full ? w.leadFull(money, p.destination) : w.leadPart(back, money, p.destination);
    return payoutDoc(subject, [{ p: lead }, { p: w.next }], locale, site);
  };
}

/** The security notice: what changed and the pause, the event's fields, then what to do if it wasn't the reader. */
function methodChanged(locale: MailLocale) {
  return (p: MailTemplateParams['payoutMethodChanged'], site: SiteContext): Doc => {
    const w = WORDS[locale];
    return {
      subject: w.changed.subject(site.siteName),
      blocks: [
        { p: w.changed.lead(site.siteName, w.method[p.method], p.destination, formatWhen(p.until, locale)) },
        eventFields(p, locale),
        { p: w.changed.notYou(site.publicUrl) },
        { link: { href: resetUrl(site, locale), label: w.changed.resetLabel } },
      ],
    };
  };
}

/** The copy of the payout templates in every language. */
export const PAYOUT_COPY: Pick<Copy, 'payoutRequested' | 'payoutPaid' | 'payoutFailed' | 'payoutMethodChanged' | 'payoutReversed'> = {
  payoutRequested: { en: requested('en'), ru: requested('ru'), es: requested('es') },
  payoutPaid: { en: paid('en'), ru: paid('ru'), es: paid('es') },
  payoutFailed: { en: failed('en'), ru: failed('ru'), es: failed('es') },
  payoutMethodChanged: { en: methodChanged('en'), ru: methodChanged('ru'), es: methodChanged('es') },
  payoutReversed: { en: reversed('en'), ru: reversed('ru'), es: reversed('es') },
};
