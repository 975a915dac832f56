/**
 * The words of the administrators' payout mails (PAYOUT-QUEUE, PAYOUT-WEBHOOKS; decision 0041) in
 * every site language — each administrator reads them in their account's language: a Stripe
 * payout whose outcome Stripe left unknown (`adminPayoutChecking`: checking began, or stopped after
 * about a week) and a paid payout whose transfer Stripe took back (`adminPayoutReversed`). The
 * status names are the web's (`payouts.status.*`). Money as in the payout mails (`formatMoney`);
 * parameters are plain text and render.ts escapes them.
 */
import { formatMoney } from './payoutCopy.js';
import { type Block, type Copy, type Doc, type MailLocale, type MailTemplateParams, type SiteContext, adminPayoutsUrl } from './templates.js';

/** The per-language words of the administrators' payout mails. */
interface Words {
  /** "Name <address>" of the earner, or these words for a deleted account. */
  deleted: string;
  payoutLabel: string;
  earnerLabel: string;
  queueLabel: string;
  signOff: (site: string) => string;
  checking: { subject: (money: string) => string; lead: (money: string, earner: string) => string; next: string };
  stopped: { subject: (money: string) => string; lead: (money: string, earner: string) => string; next: string };
  reversed: {
    subjectFull: (money: string) => string;
    subjectPart: (back: string, money: string) => string;
    leadFull: (money: string, earner: string) => string;
    leadPart: (back: string, money: string, earner: string) => string;
    next: string;
  };
}

const WORDS: Record<MailLocale, Words> = {
  en: {
    deleted: 'a deleted account',
    payoutLabel: 'Payout (Stripe transfer group)',
    earnerLabel: 'Earner',
    queueLabel: 'Open the payouts queue',
    signOff: (site) => `This message was sent automatically by ${site}.`,
    checking: {
      subject: (m) => `Payout of ${m} needs checking: Stripe did not answer`,
      lead: (m, e) =>
        `The transfer of a payout of ${m} to ${e} could not be confirmed: Stripe answered none of the transfer job's attempts, so it may or may not have made the transfer.`,
      next: "The money stays in payout (it is not returned to the earner's balance) and the payout shows as Processing in the payouts queue. We keep asking Stripe automatically for about a week and settle on its answer: paid if the transfer exists, failed with the money returned if it does not.",
    },
    stopped: {
      subject: (m) => `Payout of ${m} is still unresolved: check it in Stripe`,
      lead: (m, e) => `Stripe has still not answered about the transfer of a payout of ${m} to ${e}, and the automatic check stopped after about a week.`,
      next: "The money stays in payout. Look the transfer group below up in Stripe's dashboard; to check again, run pnpm jobs requeue payout.check on the server.",
    },
    reversed: {
      subjectFull: (m) => `Stripe reversed a payout of ${m}`,
      subjectPart: (b, m) => `Stripe reversed ${b} of a payout of ${m}`,
      leadFull: (m, e) =>
        `Stripe took back the whole transfer of a payout of ${m} to ${e}. The money was posted back to the earner's available balance and the payout is now Reversed.`,
      leadPart: (b, m, e) =>
        `Stripe took back ${b} of the transfer of a payout of ${m} to ${e}. That amount was posted back to the earner's available balance; the payout stays Paid.`,
      next: "The earner was told by email. If the studio did not make this reversal, check the transfer in Stripe's dashboard.",
    },
  },
  ru: {
    deleted: 'удалённый аккаунт',
    payoutLabel: 'Выплата (группа перевода Stripe)',
    earnerLabel: 'Получатель',
    queueLabel: 'Открыть очередь выплат',
    signOff: (site) => `Это письмо отправлено автоматически сайтом ${site}.`,
    checking: {
      subject: (m) => `Выплата ${m} требует проверки: Stripe не ответил`,
      lead: (m, e) =>
        `Не удалось подтвердить перевод по выплате ${m} (получатель: ${e}): Stripe не ответил ни на одну попытку, поэтому неизвестно, сделан ли перевод.`,
      next: 'Деньги остаются в выплате (на баланс получателя они не возвращаются), а выплата видна в очереди выплат со статусом «В обработке». Мы автоматически спрашиваем Stripe ещё около недели и примем его ответ: «Выплачена», если перевод есть, или «Не удалась» с возвратом денег, если его нет.',
    },
    stopped: {
      subject: (m) => `Выплата ${m} так и не подтверждена: проверьте её в Stripe`,
      lead: (m, e) => `Stripe так и не ответил о переводе по выплате ${m} (получатель: ${e}); автоматическая проверка остановлена примерно через неделю.`,
      next: 'Деньги остаются в выплате. Найдите указанную ниже группу перевода в панели Stripe; чтобы проверить снова, выполните на сервере pnpm jobs requeue payout.check.',
    },
    reversed: {
      subjectFull: (m) => `Stripe отменил выплату ${m}`,
      subjectPart: (b, m) => `Stripe вернул ${b} из выплаты ${m}`,
      leadFull: (m, e) =>
        `Stripe полностью отменил перевод по выплате ${m} (получатель: ${e}). Деньги зачислены обратно на доступный баланс получателя, выплата теперь в статусе «Возвращена».`,
      leadPart: (b, m, e) =>
        `Stripe вернул ${b} из перевода по выплате ${m} (получатель: ${e}). Эта сумма зачислена обратно на доступный баланс получателя; выплата остаётся в статусе «Выплачена».`,
      next: 'Получателю отправлено письмо. Если отмену сделала не студия, проверьте перевод в панели Stripe.',
    },
  },
  es: {
    deleted: 'una cuenta eliminada',
    payoutLabel: 'Pago (grupo de transferencia de Stripe)',
    earnerLabel: 'Beneficiario',
    queueLabel: 'Abrir la cola de pagos',
    signOff: (site) => `Este mensaje lo ha enviado automáticamente ${site}.`,
    checking: {
      subject: (m) => `El pago de ${m} necesita revisión: Stripe no respondió`,
      lead: (m, e) =>
        `No se ha podido confirmar la transferencia de un pago de ${m} a ${e}: Stripe no respondió a ninguno de los intentos, así que puede que la haya hecho o no.`,
      next: 'El dinero sigue en pago (no vuelve al saldo del beneficiario) y el pago aparece como «En proceso» en la cola de pagos. Seguiremos preguntando a Stripe automáticamente durante una semana aproximadamente y aplicaremos su respuesta: «Pagado» si la transferencia existe, «Fallido» con el dinero devuelto si no.',
    },
    stopped: {
      subject: (m) => `El pago de ${m} sigue sin resolver: revísalo en Stripe`,
      lead: (m, e) =>
        `Stripe sigue sin responder sobre la transferencia de un pago de ${m} a ${e}, y la comprobación automática se detuvo tras una semana aproximadamente.`,
      next: 'El dinero sigue en pago. Busca el grupo de transferencia indicado abajo en el panel de Stripe; para comprobarlo de nuevo, ejecuta pnpm jobs requeue payout.check en el servidor.',
    },
    reversed: {
      subjectFull: (m) => `Stripe ha revertido un pago de ${m}`,
      subjectPart: (b, m) => `Stripe ha revertido ${b} de un pago de ${m}`,
      leadFull: (m, e) =>
        `Stripe ha revertido por completo la transferencia de un pago de ${m} a ${e}. El dinero se ha devuelto al saldo disponible del beneficiario y el pago figura ahora como «Devuelto».`,
      leadPart: (b, m, e) =>
        `Stripe ha revertido ${b} de la transferencia de un pago de ${m} a ${e}. Esa cantidad se ha devuelto al saldo disponible del beneficiario; el pago sigue como «Pagado».`,
      next: 'Se ha avisado al beneficiario por correo. Si el estudio no hizo esta reversión, revisa la transferencia en el panel de Stripe.',
    },
  },
};

/** An administrators' mail: the lead, what happens next, the payout's facts, the queue link, the sign-off. */
function adminDoc(
  subject: string,
  lead: string,
  next: string,
  facts: { payoutId: string; earner: string },
  link: string,
  locale: MailLocale,
  site: SiteContext,
): Doc {
  const w = WORDS[locale];
  const blocks: Block[] = [
    { p: lead },
    { p: next },
    {
      fields: [
        [w.payoutLabel, facts.payoutId],
        [w.earnerLabel, facts.earner],
      ],
    },
    { link: { href: link, label: w.queueLabel } },
    { p: w.signOff(site.siteName) },
  ];
  return { subject, blocks };
}

function checking(locale: MailLocale) {
  return (p: MailTemplateParams['adminPayoutChecking'], site: SiteContext): Doc => {
    const w = WORDS[locale];
    const words = p.stage === 'stopped' ? w.stopped : w.checking;
    const money = formatMoney(p.amount, p.currency, locale);
    const earner = p.earner ?? w.deleted;
    return adminDoc(
      words.subject(money),
      words.lead(money, earner),
      words.next,
      { payoutId: p.payoutId, earner },
      adminPayoutsUrl(site, locale, 'PROCESSING'),
      locale,
      site,
    );
  };
}

function reversed(locale: MailLocale) {
  return (p: MailTemplateParams['adminPayoutReversed'], site: SiteContext): Doc => {
    const w = WORDS[locale];
    const money = formatMoney(p.payoutAmount, p.currency, locale);
    const back = formatMoney(p.amount, p.currency, locale);
    const earner = p.earner ?? w.deleted;
    const subject = p.full ? w.reversed.subjectFull(money) : w.reversed.subjectPart(back, money);
    const lead = p.full ? w.reversed.leadFull(money, earner) : w.reversed.leadPart(back, money, earner);
    return adminDoc(
      subject,
      lead,
      w.reversed.next,
      { payoutId: p.payoutId, earner },
      adminPayoutsUrl(site, locale, p.full ? 'REVERSED' : 'PAID'),
      locale,
      site,
    );
  };
}

/** The copy of the administrators' payout templates in every language. */
export const PAYOUT_ADMIN_COPY: Pick<Copy, 'adminPayoutChecking' | 'adminPayoutReversed'> = {
  adminPayoutChecking: { en: checking('en'), ru: checking('ru'), es: checking('es') },
  adminPayoutReversed: { en: reversed('en'), ru: reversed('ru'), es: reversed('es') },
};
