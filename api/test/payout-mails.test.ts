import { describe, expect, it } from 'vitest';
import { MAIL_LOCALES, MAIL_TEMPLATES, type MailLocale, type MailTemplateParams, escapeHtml, renderMail } from '../src/platform/mail/index.js';
import { formatMoney } from '../src/platform/mail/format.js';

// The payout mails (PAYOUT-MAIL): every template in every language, money and dates per locale,
// the links to /profile/payouts and the failure reason escaped; the earner's mail when Stripe took a
// paid payout back, and the administrators' mails (PAYOUT-QUEUE, PAYOUT-WEBHOOKS; decision 0041).
const site = { siteName: 'Acme Studio', publicUrl: 'https://studio.example' };
const evil = '<b onclick="x()">Card & \'bank\'</b>';
const event = { at: '2026-11-24T21:05:00.000Z', device: { label: 'Firefox 133 on Linux', network: '203.0.113.x' } };
const iban = 'Jane Doe · IBAN DE89 •••• •••• •••• •••• 3000';

type Payout = 'payoutRequested' | 'payoutPaid' | 'payoutFailed' | 'payoutMethodChanged' | 'payoutReversed' | 'adminPayoutChecking' | 'adminPayoutReversed';
const params: Pick<MailTemplateParams, Payout> = {
  payoutRequested: { amount: 123450, currency: 'USD', method: 'STRIPE', destination: 'Stripe account •••• 4242' },
  payoutPaid: { amount: 123450, currency: 'USD', method: 'BANK_TRANSFER', destination: iban, reference: 'TRX-2026-0042' },
  payoutFailed: { amount: 123450, currency: 'USD', destination: iban, reason: evil },
  payoutMethodChanged: { method: 'BANK_TRANSFER', destination: iban, until: '2026-11-26T21:05:00.000Z', ...event },
  payoutReversed: { amount: 123450, payoutAmount: 123450, currency: 'USD', destination: 'Stripe …4242', full: true },
  adminPayoutChecking: {
    amount: 123450,
    currency: 'USD',
    payoutId: 'c0ffee00-0000-4000-8000-000000000001',
    earner: 'Jane Doe <jane@example.test>',
    stage: 'checking',
  },
  adminPayoutReversed: { amount: 123450, payoutAmount: 123450, currency: 'USD', payoutId: 'c0ffee00-0000-4000-8000-000000000001', earner: null, full: true },
};
const templates = Object.keys(params) as Payout[];

/** The money as each locale writes 1,234.50 US dollars (Intl's own spaces and symbols). */
const money: Record<MailLocale, string> = {
  en: '$1,234.50',
  ru: new Intl.NumberFormat('ru', { style: 'currency', currency: 'USD' }).format(1234.5),
  es: new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(1234.5),
};
const payoutsPage: Record<MailLocale, string> = {
  en: 'https://studio.example/profile/payouts',
  ru: 'https://studio.example/ru/profile/payouts',
  es: 'https://studio.example/es/profile/payouts',
};

describe('payout mails', () => {
  it('are registered templates', () => {
    for (const template of templates) expect(MAIL_TEMPLATES).toContain(template);
  });

  for (const template of templates) {
    for (const locale of MAIL_LOCALES) {
      it(`${template} in ${locale}: subject, text and HTML in the language`, () => {
        const mail = renderMail(template, locale, params[template] as never, site);
        expect(mail.subject.length).toBeGreaterThan(10);
        expect(mail.subject).not.toMatch(/[\r\n]/);
        expect(mail.html).toContain(`<html lang="${locale}">`);
        expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
        expect(mail.text).toContain('https://studio.example');
        if (template !== 'payoutMethodChanged') {
          expect(mail.subject).toContain(money[locale]);
          expect(mail.text).toContain(money[locale]);
          expect(mail.html).toContain(escapeHtml(money[locale]));
        }
      });
    }
  }

  it("formats money with Intl in the mail's language and the currency's decimals", () => {
    expect(formatMoney(123450, 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoney(123450, 'USD', 'ru')).toMatch(/^1\s234,50\s\$$/);
    expect(formatMoney(2000, 'EUR', 'es')).toMatch(/^20,00\s€$/);
    expect(formatMoney(1234, 'JPY', 'en')).toBe('¥1,234');
    expect(formatMoney(1234, 'KWD', 'en')).toMatch(/^KWD\s1\.234$/);
    expect(formatMoney(5, 'USD', 'en')).toBe('$0.05');
  });

  it('says where a requested payout goes, what happens next per method, and links the payouts page in the language', () => {
    const en = renderMail('payoutRequested', 'en', params.payoutRequested, site);
    expect(en.subject).toBe('We received your payout request of $1,234.50');
    expect(en.text).toContain('We received your payout request of $1,234.50; it goes to Stripe account •••• 4242.');
    expect(en.text).toContain('within a few business days');
    const bank = { ...params.payoutRequested, method: 'BANK_TRANSFER' as const, destination: iban };
    expect(renderMail('payoutRequested', 'en', bank, site).text).toContain('within 5 business days');
    expect(renderMail('payoutRequested', 'ru', bank, site).text).toContain('в течение 5 рабочих дней');
    expect(renderMail('payoutRequested', 'es', bank, site).text).toContain('en un plazo de 5 días hábiles');
    expect(renderMail('payoutRequested', 'ru', params.payoutRequested, site).text).toContain('нескольких рабочих дней');
    expect(renderMail('payoutRequested', 'es', params.payoutRequested, site).text).toContain('unos pocos días hábiles');
    for (const locale of MAIL_LOCALES) {
      const mail = renderMail('payoutRequested', locale, bank, site);
      expect(mail.text).toContain(iban);
      expect(mail.text).toContain(payoutsPage[locale]);
      expect(mail.html).toContain(`href="${payoutsPage[locale]}"`);
    }
    expect(renderMail('payoutRequested', 'ru', bank, site).subject).toBe(`Мы получили вашу заявку на выплату ${money.ru}`);
    expect(renderMail('payoutRequested', 'es', bank, site).subject).toBe(`Hemos recibido tu solicitud de pago de ${money.es}`);
  });

  it('names the bank reference of a paid payout only when there is one', () => {
    const en = renderMail('payoutPaid', 'en', params.payoutPaid, site);
    expect(en.text).toContain(`Your payout of $1,234.50 was sent to ${iban}.`);
    expect(en.text).toContain('Bank reference: TRX-2026-0042');
    expect(renderMail('payoutPaid', 'ru', params.payoutPaid, site).text).toContain('Номер платежа: TRX-2026-0042');
    expect(renderMail('payoutPaid', 'es', params.payoutPaid, site).text).toContain('Referencia bancaria: TRX-2026-0042');
    const none = renderMail('payoutPaid', 'en', { ...params.payoutPaid, reference: null }, site);
    expect(none.text).not.toContain('Bank reference');
    expect(none.html).not.toContain('<table');
    const stripe = renderMail('payoutPaid', 'es', { ...params.payoutPaid, method: 'STRIPE', reference: null }, site);
    expect(stripe.text).toContain('tu cuenta de Stripe');
  });

  it('gives the failure reason verbatim in the text and escaped in the HTML, and says the money is back', () => {
    for (const locale of MAIL_LOCALES) {
      const mail = renderMail('payoutFailed', locale, params.payoutFailed, site);
      expect(mail.text).toContain(evil);
      expect(mail.html).toContain('&lt;b onclick=&quot;x()&quot;&gt;Card &amp; &#39;bank&#39;&lt;/b&gt;');
      expect(mail.html).not.toContain('<b onclick');
      expect(mail.text).toContain(payoutsPage[locale]);
    }
    const en = renderMail('payoutFailed', 'en', { ...params.payoutFailed, reason: 'The IBAN was closed.' }, site);
    expect(en.text).toContain(`Your payout of $1,234.50 to ${iban} could not be made: The IBAN was closed. The money is back in your available balance.`);
    expect(renderMail('payoutFailed', 'ru', params.payoutFailed, site).text).toContain('Деньги вернулись на ваш доступный баланс.');
    expect(renderMail('payoutFailed', 'es', params.payoutFailed, site).text).toContain('El dinero ha vuelto a tu saldo disponible.');
  });

  it('is a security notice when the payout method changed: the pause end and the event dated per locale, the device, what to do', () => {
    const en = renderMail('payoutMethodChanged', 'en', params.payoutMethodChanged, site);
    expect(en.subject).toBe('Your Acme Studio payout method was changed');
    expect(en.text).toMatch(
      new RegExp(`changed to bank transfer \\(${iban}\\)\\. Payouts are paused until November 26, 2026 at 9:05\\sPM UTC for your safety\\.`),
    );
    expect(en.text).toMatch(/When: November 24, 2026 at 9:05\sPM UTC/);
    expect(en.text).toContain('Device: Firefox 133 on Linux');
    expect(en.text).toContain('Network: 203.0.113.x');
    expect(en.text).toContain('change your password');
    expect(en.text).toContain('https://studio.example/auth/reset');
    const ru = renderMail('payoutMethodChanged', 'ru', params.payoutMethodChanged, site);
    expect(ru.text).toContain('выплаты приостановлены до 26 ноября 2026 г. в 21:05 UTC');
    expect(ru.text).toContain('Когда: 24 ноября 2026 г. в 21:05 UTC');
    expect(ru.text).toContain('Устройство: Firefox 133 на Linux');
    expect(ru.text).toContain('теперь это банковский перевод');
    expect(ru.text).toContain('https://studio.example/ru/auth/reset');
    const es = renderMail(
      'payoutMethodChanged',
      'es',
      { ...params.payoutMethodChanged, method: 'STRIPE', destination: null, device: { label: null, network: null } },
      site,
    );
    expect(es.text).toContain('ha cambiado a Stripe. Por tu seguridad, los pagos quedan en pausa hasta el 26 de noviembre de 2026');
    expect(es.text).toContain('Dispositivo: Dispositivo desconocido');
    expect(es.text).toContain('Red: Desconocida');
    expect(es.text).not.toContain('()');
    expect(es.html).toContain('href="https://studio.example/es/auth/reset"');
  });

  it('tells the earner how much Stripe took back and that it is available again, in full or in part', () => {
    const en = renderMail('payoutReversed', 'en', params.payoutReversed, site);
    expect(en.subject).toBe('Your payout of $1,234.50 was taken back');
    expect(en.text).toContain('Stripe took back the transfer of your payout of $1,234.50 to Stripe …4242. The money is back in your available balance.');
    const part = { ...params.payoutReversed, amount: 20000, full: false };
    const enPart = renderMail('payoutReversed', 'en', part, site);
    expect(enPart.subject).toBe('$200.00 of your payout was taken back');
    expect(enPart.text).toContain('Stripe took back $200.00 of your payout of $1,234.50 to Stripe …4242. That amount is back in your available balance.');
    expect(renderMail('payoutReversed', 'ru', params.payoutReversed, site).text).toContain('Деньги вернулись на ваш доступный баланс.');
    expect(renderMail('payoutReversed', 'ru', part, site).subject).toBe(
      `Из вашей выплаты возвращено ${new Intl.NumberFormat('ru', { style: 'currency', currency: 'USD' }).format(200)}`,
    );
    expect(renderMail('payoutReversed', 'es', params.payoutReversed, site).text).toContain('El dinero ha vuelto a tu saldo disponible.');
    expect(renderMail('payoutReversed', 'es', part, site).text).toContain('Esa cantidad ha vuelto a tu saldo disponible.');
    for (const locale of MAIL_LOCALES) expect(renderMail('payoutReversed', locale, part, site).text).toContain(payoutsPage[locale]);
  });

  it('tells administrators, in their language, that a payout is being checked with Stripe, or that the check stopped, with the id and the queue', () => {
    const queue: Record<MailLocale, string> = {
      en: 'https://studio.example/admin/payouts?status=PROCESSING&method=STRIPE',
      ru: 'https://studio.example/ru/admin/payouts?status=PROCESSING&method=STRIPE',
      es: 'https://studio.example/es/admin/payouts?status=PROCESSING&method=STRIPE',
    };
    const en = renderMail('adminPayoutChecking', 'en', params.adminPayoutChecking, site);
    expect(en.subject).toBe('Payout of $1,234.50 needs checking: Stripe did not answer');
    expect(en.text).toContain('to Jane Doe <jane@example.test> could not be confirmed');
    expect(en.text).toContain('The money stays in payout');
    expect(en.text).toContain('Payout (Stripe transfer group): c0ffee00-0000-4000-8000-000000000001');
    expect(en.html).toContain('Jane Doe &lt;jane@example.test&gt;');
    expect(renderMail('adminPayoutChecking', 'ru', params.adminPayoutChecking, site).text).toContain('Деньги остаются в выплате');
    expect(renderMail('adminPayoutChecking', 'es', params.adminPayoutChecking, site).text).toContain('El dinero sigue en pago');
    for (const locale of MAIL_LOCALES) {
      const mail = renderMail('adminPayoutChecking', locale, params.adminPayoutChecking, site);
      expect(mail.text).toContain(queue[locale]);
      expect(mail.html).toContain(`href="${escapeHtml(queue[locale])}"`);
    }
    const stopped = renderMail('adminPayoutChecking', 'en', { ...params.adminPayoutChecking, stage: 'stopped' }, site);
    expect(stopped.subject).toBe('Payout of $1,234.50 is still unresolved: check it in Stripe');
    expect(stopped.text).toContain('pnpm jobs requeue payout.check');
    expect(renderMail('adminPayoutChecking', 'ru', { ...params.adminPayoutChecking, stage: 'stopped' }, site).text).toContain('проверка остановлена');
    expect(renderMail('adminPayoutChecking', 'es', { ...params.adminPayoutChecking, stage: 'stopped' }, site).text).toContain(
      'comprobación automática se detuvo',
    );
  });

  it('tells administrators of a reversal: full (now Reversed) or in part (stays Paid), a deleted earner in words', () => {
    const en = renderMail('adminPayoutReversed', 'en', params.adminPayoutReversed, site);
    expect(en.subject).toBe('Stripe reversed a payout of $1,234.50');
    expect(en.text).toContain('of a payout of $1,234.50 to a deleted account.');
    expect(en.text).toContain('the payout is now Reversed');
    expect(en.text).toContain('https://studio.example/admin/payouts?status=REVERSED&method=STRIPE');
    const part = renderMail(
      'adminPayoutReversed',
      'en',
      { ...params.adminPayoutReversed, amount: 20000, full: false, earner: 'Jane Doe <jane@example.test>' },
      site,
    );
    expect(part.subject).toBe('Stripe reversed $200.00 of a payout of $1,234.50');
    expect(part.text).toContain('the payout stays Paid');
    expect(part.text).toContain('https://studio.example/admin/payouts?status=PAID&method=STRIPE');
    expect(renderMail('adminPayoutReversed', 'ru', params.adminPayoutReversed, site).text).toContain('«Возвращена»');
    expect(renderMail('adminPayoutReversed', 'es', params.adminPayoutReversed, site).text).toContain('«Devuelto»');
  });
});
