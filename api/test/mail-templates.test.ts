import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';
import { MAIL_LOCALES, MAIL_TEMPLATES, type MailTemplateParams, escapeHtml, renderMail } from '../src/platform/mail/index.js';
import { retryDelayMs } from '../src/platform/jobs/queue.js';
import { formatWhen } from '../src/platform/mail/format.js';

// Pure parts of the mail module: escaping, every template in every language, backoff, settings.
const site = { siteName: 'Acme <Studio> & "Co"', publicUrl: 'https://studio.example' };
const evil = '<script>alert("x")</script> & \'q\'';
// A security event whose device label is hostile text too (a User-Agent is the client's to choose).
const event = { at: '2026-11-24T21:05:00.000Z', device: { label: `${evil} on Linux`, network: '203.0.113.x' } };
const params: MailTemplateParams = {
  emailVerificationCode: { code: 'AB12CD34' },
  emailChangeCode: { code: 'ZX98YW76', newEmail: `new+${evil}@example.test` },
  accountDeletionCode: { code: 'DELETE23' },
  reauthenticationCode: { code: 'PROVE234' },
  emailChangedNotice: { oldEmail: 'old@example.test', newEmail: `new${evil}@example.test`, ...event },
  passwordReset: { token: 'tok/en+=&"<>' },
  passwordChanged: { firstPassword: false, ...event },
  passwordResetDone: { removedLinks: [`GitHub (${evil})`], ...event },
  providerLinked: { provider: 'GitHub', account: evil, ...event },
  accountDeleted: { byAdmin: true, ...event },
  signInMethodChanged: { change: 'PASSKEY_ADDED', passkeyName: evil, ...event },
  twoFactorRecoveryRequested: { dueAt: '2026-11-27T21:05:00.000Z', token: 'tok/en+=&"<>', ...event },
  twoFactorRecoveryCancelled: { by: 'link', ...event },
  twoFactorRecoveryCompleted: { ...event },
  orderReceived: { reference: 'R-42' },
  orderNotification: { reference: 'R-42', name: evil, email: 'c@example.test', summary: evil, customerLocale: 'ru' },
  orderStatusChanged: { reference: 'R-42', status: 'PROPOSAL_SENT' },
  orderAnswered: { reference: 'R-42' },
  orderClientMessage: { reference: 'R-42', name: evil, email: 'c@example.test', body: evil },
  payoutRequested: { amount: 12345, currency: 'USD', method: 'BANK_TRANSFER', destination: `Jane ${evil} · IBAN DE89 •••• 3000` },
  payoutPaid: { amount: 12345, currency: 'EUR', method: 'BANK_TRANSFER', destination: 'Jane · IBAN DE89 •••• 3000', reference: evil },
  payoutFailed: { amount: 12345, currency: 'USD', destination: 'Jane · IBAN DE89 •••• 3000', reason: evil },
  payoutMethodChanged: { method: 'STRIPE', destination: null, until: '2026-11-26T21:05:00.000Z', ...event },
  payoutReversed: { amount: 2000, payoutAmount: 12345, currency: 'EUR', destination: `Stripe ${evil}`, full: false },
  adminPayoutChecking: { amount: 12345, currency: 'USD', payoutId: 'p-1', earner: `Jane ${evil} <jane@example.test>`, stage: 'checking' },
  adminPayoutReversed: { amount: 12345, payoutAmount: 12345, currency: 'USD', payoutId: 'p-1', earner: `Jane ${evil} <jane@example.test>`, full: true },
};

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
    expect(escapeHtml('Привет, ¿qué tal? 100%')).toBe('Привет, ¿qué tal? 100%');
  });
});

describe('renderMail', () => {
  for (const template of MAIL_TEMPLATES) {
    for (const locale of MAIL_LOCALES) {
      it(`${template} in ${locale}: subject, text and HTML, every value escaped`, () => {
        const mail = renderMail(template, locale, params[template] as never, site);
        expect(mail.subject.length).toBeGreaterThan(5);
        expect(mail.subject).not.toMatch(/[\r\n]/);
        expect(mail.html).toContain(`<html lang="${locale}">`);
        expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
        // No interpolated markup survives in the HTML; the text keeps the values verbatim.
        expect(mail.html).not.toContain('<script>');
        expect(mail.html).not.toContain('<Studio>');
        expect(mail.html).toContain('Acme &lt;Studio&gt; &amp; &quot;Co&quot;');
        expect(mail.text).toContain('https://studio.example');
        if (
          ![
            'emailVerificationCode',
            'emailChangeCode',
            'accountDeletionCode',
            'reauthenticationCode',
            'passwordReset',
            'orderReceived',
            'orderStatusChanged',
            'orderAnswered',
          ].includes(template)
        ) {
          expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;');
          expect(mail.text).toContain(evil);
        }
      });
    }
  }

  it('puts the codes into subject and body, with the 20-minute validity', () => {
    const en = renderMail('emailVerificationCode', 'en', { code: 'AB12CD34' }, site);
    expect(en.subject).toBe('AB12CD34 is your Acme <Studio> & "Co" verification code');
    expect(en.text).toContain('    AB12CD34');
    expect(en.text).toContain('20 minutes');
    expect(renderMail('emailVerificationCode', 'ru', { code: 'AB12CD34' }, site).text).toContain('20 минут');
    expect(renderMail('emailChangeCode', 'es', params.emailChangeCode, site).text).toContain('20 minutos');
  });

  it('links the password reset to the locale-prefixed change-password page with the token URL-encoded', () => {
    const token = encodeURIComponent('tok/en+=&"<>');
    expect(renderMail('passwordReset', 'en', params.passwordReset, site).text).toContain(`https://studio.example/auth/change-password?token=${token}`);
    expect(renderMail('passwordReset', 'ru', params.passwordReset, site).text).toContain(`https://studio.example/ru/auth/change-password?token=${token}`);
    const es = renderMail('passwordReset', 'es', params.passwordReset, site);
    expect(es.text).toContain(`https://studio.example/es/auth/change-password?token=${token}`);
    expect(es.html).toContain(`href="https://studio.example/es/auth/change-password?token=${token}"`);
    expect(es.text).toContain('una hora');
  });

  it("dates security mails to the minute in the mail's language, in UTC with the zone named, and translates the device label", () => {
    expect(formatWhen('2026-11-24T21:05:59.000Z', 'ru')).toBe('24 ноября 2026 г. в 21:05 UTC');
    expect(formatWhen('2026-11-24T21:05:59.000Z', 'es')).toContain('24 de noviembre de 2026');
    expect(formatWhen('2026-11-24T21:05:59.000Z', 'en')).toMatch(/^November 24, 2026 at 9:05\sPM UTC$/);
    const es = renderMail(
      'passwordChanged',
      'es',
      { firstPassword: true, at: '2026-11-24T21:05:00.000Z', device: { label: 'Safari 17 on iOS', network: null } },
      site,
    );
    expect(es.text).toContain('Dispositivo: Safari 17 en iOS');
    expect(es.text).toContain('Red: Desconocida');
    expect(es.subject).toContain('Se ha establecido una contraseña');
    const none = renderMail('passwordResetDone', 'en', { removedLinks: [], at: '2026-11-24T21:05:00.000Z', device: { label: null, network: null } }, site);
    expect(none.text).toContain('Device: Unknown device');
    expect(none.text).not.toContain('disconnected');
  });

  it("dates the e-mail recovery of a lost authenticator in the mail's language and links its cancel page with the token URL-encoded (ACC-2FA-RECOVERY)", () => {
    const token = encodeURIComponent('tok/en+=&"<>');
    const en = renderMail('twoFactorRecoveryRequested', 'en', params.twoFactorRecoveryRequested, site);
    expect(en.text).toMatch(/turned off on November 27, 2026 at 9:05\sPM UTC/);
    expect(en.text).toContain(`https://studio.example/auth/cancel-recovery?token=${token}`);
    const ru = renderMail('twoFactorRecoveryRequested', 'ru', params.twoFactorRecoveryRequested, site);
    expect(ru.text).toContain('будет выключена 27 ноября 2026 г. в 21:05 UTC');
    expect(ru.text).toContain(`https://studio.example/ru/auth/cancel-recovery?token=${token}`);
    const es = renderMail('twoFactorRecoveryRequested', 'es', params.twoFactorRecoveryRequested, site);
    expect(es.html).toContain(`href="https://studio.example/es/auth/cancel-recovery?token=${token}"`);
    expect(es.text).toContain('27 de noviembre de 2026');
    expect(renderMail('twoFactorRecoveryCancelled', 'es', { by: 'sign-in', ...params.twoFactorRecoveryCompleted }, site).text).toContain(
      'código de recuperación',
    );
  });

  it('names the customer language in the sales notification, calls it a request, and has no phone line (the form has no phone field)', () => {
    const en = renderMail('orderNotification', 'en', params.orderNotification, site);
    expect(en.text).toContain('Language: Russian');
    expect(en.subject).toBe(`New request R-42 from ${evil}`);
    expect(en.text).toContain('Request: R-42');
    for (const locale of MAIL_LOCALES)
      expect(renderMail('orderNotification', locale, params.orderNotification, site).text).not.toMatch(/Phone|Телефон|Teléfono/);
  });

  it('confirms a request in the site’s own words and promise in every language (ORDER-MAIL, glossary)', () => {
    const words = {
      en: { subject: "We've received your request R-42", promise: 'within one business day', avoid: /\border\b|\bsoon\b/i },
      ru: { subject: 'Мы получили вашу заявку R-42', promise: 'в течение рабочего дня', avoid: /заказ|скоро/i },
      es: { subject: 'Hemos recibido tu solicitud R-42', promise: 'en un día laborable', avoid: /pedido|encargo|pronto/i },
    } as const;
    for (const locale of MAIL_LOCALES) {
      const mail = renderMail('orderReceived', locale, params.orderReceived, site);
      expect(mail.subject, locale).toBe(words[locale].subject);
      expect(mail.text, locale).toContain(words[locale].promise);
      expect(`${mail.subject}\n${mail.text}`, locale).not.toMatch(words[locale].avoid);
      const sales = renderMail('orderNotification', locale, params.orderNotification, site);
      expect(`${sales.subject}\n${sales.text}`.replace(evil, ''), locale).not.toMatch(words[locale].avoid);
    }
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000, 3_600_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20, 30_000, 3_600_000)).toBe(3_600_000);
    expect(retryDelayMs(1000, 1, 10)).toBe(10);
  });
});

describe('mail settings', () => {
  const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'studio-mailcfg-')), JWT_SECRET: 'x'.repeat(40) });

  it('defaults to the .eml outbox, a From with the site name and sales@localhost', () => {
    const config = loadConfig({ ...base(), SITE_NAME: 'My "Shop"' });
    expect(config.mail.transport).toBe('outbox');
    expect(config.mail.from).toBe('"My \\"Shop\\"" <no-reply@localhost>');
    expect(config.mail.salesEmail).toBe('sales@localhost');
    expect(config.mail.smtpUrl).toBeNull();
  });

  it('requires SMTP_URL for the smtp transport, with a clear message', () => {
    expect(() => loadConfig({ ...base(), MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL is required when MAIL_TRANSPORT=smtp/);
    expect(() => loadConfig({ ...base(), MAIL_TRANSPORT: 'smtp', SMTP_URL: 'http://x' })).toThrow(/SMTP_URL must start with smtp/);
    expect(loadConfig({ ...base(), MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(() => loadConfig({ ...base(), MAIL_TRANSPORT: 'carrier-pigeon' })).toThrow(/MAIL_TRANSPORT/);
  });
});
