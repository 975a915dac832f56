/**
 * The order form is not a mail relay (ORDER-MAIL, decision 0029), on both databases with a real
 * SMTP sink: the customer's confirmation carries only our text and the reference (nothing the
 * visitor typed), at most one goes to an address an hour — also for two orders at the same
 * moment — while every order is stored and every order still reaches sales.
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDb, ok, startServer, type TestServer, uniqueEmail } from './harness.js';
import { type Sink, startSink } from './smtp-sink.js';

const CREATE_ORDER = 'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { reference } }';
const SALES_EMAIL = 'sales-relay@example.test';
const NAME = 'Visit cheap-pills.example now';
const MESSAGE = 'Claim your prize at https://phish.example/win before midnight!';
const COMPANY = 'Spam <b>Corp</b>';

describeEachDb('order confirmations (%s)', (kind) => {
  let server: TestServer;
  let smtp: Sink;
  /** A real referrer's code (LEDGER-ATTRIBUTION refuses made-up ones): it must not be echoed either. */
  let REFERRAL = '';
  beforeAll(async () => {
    smtp = await startSink();
    server = await startServer(kind, {
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SALES_EMAIL,
      ORDER_RATE_LIMIT_MAX: '1000',
      JOBS_POLL_INTERVAL_MS: '600000', // only explicit drains (and send's nudge) deliver
    });
    const referrer = await server.register({ fullName: 'Rita Referrer' });
    REFERRAL = ok(await server.graphql('{ viewer { defaultReferralCode { code } } }', {}, referrer.accessToken)).viewer.defaultReferralCode.code;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const order = (email: string, locale = 'EN') => ({
    name: NAME,
    email,
    company: COMPANY,
    interest: 'design',
    budget: 'NOT_SURE',
    message: MESSAGE,
    consent: true,
    referralCode: REFERRAL,
    locale,
  });
  const place = async (email: string, locale = 'EN') => ok(await server.graphql(CREATE_ORDER, { input: order(email, locale) })).createOrder.reference as string;
  const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).map((a) => a.text);
  /** Delivers the outbox and answers the mails received so far that went to `address`. */
  const mailsTo = async (address: string, atLeast: number) => {
    let found: ParsedMail[] = [];
    await vi.waitFor(async () => {
      await server.app.mail.drain();
      found = smtp.received.filter((m) => to(m).includes(address));
      expect(found.length).toBeGreaterThanOrEqual(atLeast);
    }, 15_000);
    return found;
  };
  const customerRows = (email: string) =>
    server.app.database.db.selectFrom('mailOutbox').select(['idempotencyKey']).where('template', '=', 'orderReceived').where('recipient', '=', email).execute();
  const salesRows = (references: string[]) =>
    server.app.database.db
      .selectFrom('mailOutbox')
      .select('idempotencyKey')
      .where('template', '=', 'orderNotification')
      .where(
        'idempotencyKey',
        'in',
        references.map((r) => `order:${r}:sales`),
      )
      .execute();
  const ordersOf = (email: string) =>
    server.app.database.db.selectFrom('orders').select('reference').where('email', 'in', [email, email.toUpperCase()]).execute();

  it('the confirmation has our words and the reference, and none of the visitor’s text, in every language', async () => {
    for (const [locale, subject] of [
      ['EN', "We've received your request"],
      ['RU', 'Мы получили вашу заявку'],
      ['ES', 'Hemos recibido tu solicitud'],
    ] as const) {
      const email = uniqueEmail(`relay-${locale.toLowerCase()}`);
      const reference = await place(email, locale);
      const [mail] = await mailsTo(email, 1);
      expect(mail!.subject).toBe(`${subject} ${reference}`);
      for (const body of [mail!.text ?? '', mail!.html || '']) {
        expect(body).toContain(reference);
        for (const echoed of [NAME, 'cheap-pills', MESSAGE, 'phish.example', 'Spam', 'Corp', REFERRAL])
          expect(body, `${locale} ${echoed}`).not.toContain(echoed);
      }
      // Sales still see everything the visitor wrote.
      const [sales] = (await mailsTo(SALES_EMAIL, 1)).filter((m) => m.subject?.includes(reference));
      expect(sales?.text).toContain(MESSAGE);
      expect(sales?.text).toContain(NAME);
    }
  });

  it('a second order from the same address within the hour is stored and reaches sales, without a second confirmation', async () => {
    const email = uniqueEmail('relay-twice');
    const first = await place(email);
    const second = await place(email.toUpperCase()); // the same address, whatever its letter case
    expect(second).not.toBe(first);
    expect((await ordersOf(email)).map((o) => o.reference).sort()).toEqual([first, second].sort());
    expect(await customerRows(email)).toEqual([{ idempotencyKey: `order:${first}:customer` }]);
    expect(await customerRows(email.toUpperCase())).toEqual([]);
    expect(await salesRows([first, second])).toHaveLength(2);
    expect(await mailsTo(email, 1)).toHaveLength(1);

    // An hour later the address may be confirmed again.
    const hourAgo = new Date(Date.now() - 3_600_001).toISOString();
    await server.app.database.db.updateTable('orderConfirmations').set({ sent: hourAgo }).where('email', '=', email).execute();
    const third = await place(email);
    expect((await customerRows(email)).map((r) => r.idempotencyKey).sort()).toEqual([`order:${first}:customer`, `order:${third}:customer`].sort());
  });

  it('two orders for one address at the same moment: both stored, both reach sales, one confirmation', async () => {
    for (let round = 0; round < 3; round++) {
      const email = uniqueEmail(`relay-race-${round}`);
      const references = await Promise.all([place(email), place(email), place(email)]);
      expect(new Set(references).size).toBe(3);
      expect(await ordersOf(email)).toHaveLength(3);
      expect(await customerRows(email)).toHaveLength(1);
      expect(await salesRows(references)).toHaveLength(3);
    }
  });
});
