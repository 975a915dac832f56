/**
 * The fake Stripe (testing/fake-stripe) on its own, driven by the real `stripe` SDK the API uses:
 * Connect accounts with idempotency keys, account links and the onboarding page, transfers and
 * reversals and their lists, injected failures (and how the SDK's retries meet them), replies
 * dropped after the request ran, requests that hang, idempotency keys expiring, and webhook events
 * that `stripe.webhooks.constructEvent` accepts — and rejects once tampered with. Like Stripe since
 * API version 2017-04-06, the fake has no `transfer.paid`: its automatic transfer events are
 * `transfer.created` and `transfer.reversed` (partial reversals included).
 */
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, fakeStripeControls, parseForm, startFakeStripe } from '@studio/fake-stripe';

const PLATFORM_SECRET = 'whsec_platform_test';
const CONNECT_SECRET = 'whsec_connect_test';

/** What the tiny webhook receiver got: raw body and signature header, per path. */
interface Received {
  path: string;
  body: string;
  signature: string;
}

let fake: FakeStripe;
let stripe: Stripe;
let receiver: Server;
let received: Received[] = [];

const readRaw = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

beforeAll(async () => {
  // The receiver verifies like the API will: 200 for a good signature, 400 otherwise.
  receiver = createServer((req, res) => {
    void readRaw(req).then((body) => {
      const signature = String(req.headers['stripe-signature'] ?? '');
      received.push({ path: req.url ?? '', body, signature });
      const secret = req.url === '/connect' ? CONNECT_SECRET : PLATFORM_SECRET;
      try {
        stripe.webhooks.constructEvent(body, signature, secret);
        res.writeHead(200).end();
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  fake = await startFakeStripe({
    webhooks: { platform: { url: `${base}/platform`, secret: PLATFORM_SECRET }, connect: { url: `${base}/connect`, secret: CONNECT_SECRET } },
  });
  stripe = new Stripe('sk_test_fake', { host: '127.0.0.1', port: fake.port, protocol: 'http' });
});

afterAll(async () => {
  await fake?.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

beforeEach(() => {
  received = [];
});

/** Creates an express account the way the payouts code does. */
const createAccount = (userId: string, key = `account:${userId}`) =>
  stripe.accounts.create(
    {
      type: 'express',
      country: 'DE',
      email: `${userId}@example.test`,
      capabilities: { transfers: { requested: true } },
      tos_acceptance: { service_agreement: 'recipient' },
      metadata: { userId },
    },
    { idempotencyKey: key },
  );

/** A new account with onboarding completed. */
async function onboardedAccount(userId: string): Promise<string> {
  const account = await createAccount(userId);
  await fake.completeOnboarding(account.id);
  return account.id;
}

describe('form bodies', () => {
  it('parses the bracket keys the SDK sends', () => {
    expect(parseForm('capabilities[transfers][requested]=true&metadata[userId]=u%201&expand[0]=a&expand[1]=b&__proto__[x]=1')).toEqual({
      capabilities: { transfers: { requested: 'true' } },
      metadata: { userId: 'u 1' },
      expand: ['a', 'b'],
    });
  });
});

describe('accounts and onboarding', () => {
  it('creates one account per idempotency key and refuses the key with other parameters', async () => {
    const first = await createAccount('u1');
    const again = await createAccount('u1');
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ object: 'account', type: 'express', country: 'DE', livemode: false, metadata: { userId: 'u1' } });
    expect(first.id).toMatch(/^acct_/);
    expect([...fake.accounts.values()].filter((a) => a.metadata.userId === 'u1')).toHaveLength(1);
    const posts = fake.calls.filter((c) => c.method === 'POST' && c.idempotencyKey === 'account:u1');
    expect(posts.map((c) => c.replayed)).toEqual([false, true]);
    expect(posts[0]?.params).toMatchObject({ capabilities: { transfers: { requested: 'true' } }, tos_acceptance: { service_agreement: 'recipient' } });

    await expect(stripe.accounts.create({ type: 'express', country: 'FR' }, { idempotencyKey: 'account:u1' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
  });

  it('keeps an account incomplete until the onboarding page completes it', async () => {
    const account = await createAccount('u2');
    expect(account).toMatchObject({ details_submitted: false, payouts_enabled: false, capabilities: { transfers: 'inactive' } });
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      return_url: 'http://app.test/payouts?done=1',
      refresh_url: 'http://app.test/payouts/refresh',
    });
    expect(link.url.startsWith(`${fake.url}/connect/onboarding/${account.id}?`)).toBe(true);
    expect(link.expires_at).toBeGreaterThan(Date.now() / 1000);

    const page = await fetch(link.url);
    const html = await page.text();
    expect(html).toContain('<h1>Fake Stripe onboarding</h1>');
    expect(html).toContain('<button type="submit">Complete onboarding</button>');
    expect(html).toContain('<a href="http://app.test/payouts?done=1">Come back later</a>');
    expect((await stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);

    const submit = await fetch(`${fake.url}/connect/onboarding/${account.id}`, {
      method: 'POST',
      body: new URLSearchParams({ return_url: 'http://app.test/payouts?done=1' }),
      redirect: 'manual',
    });
    expect(submit.status).toBe(303);
    expect(submit.headers.get('location')).toBe('http://app.test/payouts?done=1');
    const done = await stripe.accounts.retrieve(account.id);
    expect(done).toMatchObject({ details_submitted: true, payouts_enabled: true, capabilities: { transfers: 'active' } });
  });

  it('completes an account over the HTTP control and answers 404 for unknown accounts', async () => {
    const account = await createAccount('u3');
    const res = await fetch(`${fake.url}/__control/complete/${account.id}`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await stripe.accounts.retrieve(account.id)).payouts_enabled).toBe(true);
    const other = await createAccount('u3b');
    expect((await fakeStripeControls(fake.url).completeOnboarding(other.id)).capabilities.transfers).toBe('active');
    await expect(fakeStripeControls(fake.url).completeOnboarding('acct_missing')).rejects.toThrow(/404/);
    await expect(stripe.accounts.retrieve('acct_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('refuses requests without a test key', async () => {
    const res = await fetch(`${fake.url}/v1/balance`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { type: 'authentication_error' } });
  });
});

describe('transfers', () => {
  it('creates one transfer per idempotency key, and reverses it', async () => {
    const destination = await onboardedAccount('t1');
    const before = (await stripe.balance.retrieve()).available.find((b) => b.currency === 'eur')?.amount ?? 0;
    const params = { amount: 2500, currency: 'eur', destination, transfer_group: 'p1', metadata: { payoutId: 'p1' } };
    const first = await stripe.transfers.create(params, { idempotencyKey: 'payout:p1' });
    const again = await stripe.transfers.create(params, { idempotencyKey: 'payout:p1' });
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({
      object: 'transfer',
      amount: 2500,
      currency: 'eur',
      destination,
      reversed: false,
      livemode: false,
      metadata: { payoutId: 'p1' },
    });
    expect(first.id).toMatch(/^tr_/);
    expect([...fake.transfers.values()].filter((t) => t.metadata.payoutId === 'p1')).toHaveLength(1);
    const after = (await stripe.balance.retrieve()).available.find((b) => b.currency === 'eur')?.amount;
    expect(after).toBe(before - 2500);

    await stripe.transfers.createReversal(first.id);
    expect(await stripe.transfers.retrieve(first.id)).toMatchObject({ reversed: true, amount_reversed: 2500 });
  });

  it('refuses a destination that is unknown or has not finished onboarding', async () => {
    const incomplete = await createAccount('t2');
    for (const destination of [incomplete.id, 'acct_nobody']) {
      await expect(stripe.transfers.create({ amount: 100, currency: 'usd', destination })).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        code: 'account_invalid',
      });
    }
  });

  it('fails on demand; the SDK retries a 500 with the same key unless told not to', async () => {
    const destination = await onboardedAccount('t3');
    // Default settings (maxNetworkRetries 2 in Node): the injected 500 is retried and the caller never sees it.
    fake.failNext('transfers', { status: 500 });
    const retried = await stripe.transfers.create({ amount: 100, currency: 'usd', destination }, { idempotencyKey: 'payout:r1' });
    const attempts = fake.calls.filter((c) => c.idempotencyKey === 'payout:r1');
    expect(attempts.map((c) => [c.status, c.injected])).toEqual([
      [500, true],
      [200, false],
    ]);
    expect(fake.transfers.has(retried.id)).toBe(true);

    // Without retries the SDK surfaces it as StripeAPIError.
    const noRetry = new Stripe('sk_test_fake', { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
    fake.failNext('transfers', { status: 500 });
    await expect(noRetry.transfers.create({ amount: 100, currency: 'usd', destination }, { idempotencyKey: 'payout:r2' })).rejects.toMatchObject({
      type: 'StripeAPIError',
      statusCode: 500,
    });
    // …and the retry with the same key later creates it (an injected failure is not stored).
    const later = await noRetry.transfers.create({ amount: 100, currency: 'usd', destination }, { idempotencyKey: 'payout:r2' });
    expect(later.amount).toBe(100);

    // A 400 with a code is never retried.
    fake.failNext('transfers', { status: 400, code: 'balance_insufficient' });
    await expect(stripe.transfers.create({ amount: 100, currency: 'usd', destination })).rejects.toMatchObject({
      statusCode: 400,
      code: 'balance_insufficient',
    });
  });

  it('takes fail-next over HTTP, and several failures in a row outlast the SDK retries', async () => {
    await fakeStripeControls(fake.url).failNext('accounts', { status: 503, times: 3 });
    await expect(createAccount('t4')).rejects.toMatchObject({ type: 'StripeAPIError', statusCode: 503 });
    expect(fake.calls.filter((c) => c.idempotencyKey === 'account:t4').map((c) => c.status)).toEqual([503, 503, 503]);
    expect((await createAccount('t4')).id).toMatch(/^acct_/);
  });
});

describe('lists', () => {
  it("lists transfers newest first by transfer_group, in pages, and a transfer's reversals", async () => {
    const destination = await onboardedAccount('l1');
    const made = [];
    for (let i = 0; i < 3; i += 1)
      made.push(
        await stripe.transfers.create({ amount: 100 + i, currency: 'eur', destination, transfer_group: 'group-l1', metadata: { payoutId: 'group-l1' } }),
      );
    await stripe.transfers.create({ amount: 999, currency: 'eur', destination, transfer_group: 'other-l1' });
    const page1 = await stripe.transfers.list({ transfer_group: 'group-l1', limit: 2 });
    expect(page1.data.map((t) => t.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(page1.has_more).toBe(true);
    const page2 = await stripe.transfers.list({ transfer_group: 'group-l1', limit: 2, starting_after: made[1]!.id });
    expect([page2.data.map((t) => t.id), page2.has_more]).toEqual([[made[0]!.id], false]);
    expect(await stripe.transfers.list({ transfer_group: 'group-l1' }).autoPagingToArray({ limit: 10 })).toHaveLength(3);
    expect((await stripe.transfers.list({ transfer_group: 'nobody' })).data).toEqual([]);

    await stripe.transfers.createReversal(made[0]!.id, { amount: 40 });
    await stripe.transfers.createReversal(made[0]!.id, { amount: 60 });
    const reversals = await stripe.transfers.listReversals(made[0]!.id, { limit: 1 }).autoPagingToArray({ limit: 10 });
    expect(reversals.map((r) => r.amount)).toEqual([60, 40]);
    expect(await stripe.transfers.retrieve(made[0]!.id)).toMatchObject({ amount_reversed: 100, reversed: true });
  });
});

describe('reply faults', () => {
  const noRetry = () => new Stripe('sk_test_fake', { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0, timeout: 1500 });

  it('dropReplies runs the request and resets the connection; a retry with the key replays the one transfer', async () => {
    const destination = await onboardedAccount('d1');
    const params = { amount: 321, currency: 'eur', destination, transfer_group: 'd1', metadata: { payoutId: 'd1' } };
    fake.dropReplies('transfers', { times: 2 });
    // The SDK retries a reset connection once on its own even with maxNetworkRetries 0: both replies are lost.
    await expect(noRetry().transfers.create(params, { idempotencyKey: 'payout:d1' })).rejects.toMatchObject({ type: 'StripeConnectionError' });
    const calls = fake.calls.filter((c) => c.idempotencyKey === 'payout:d1');
    expect(calls.map((c) => [c.status, c.dropped, c.replayed])).toEqual([
      [200, true, false],
      [200, true, true],
    ]);
    expect([...fake.transfers.values()].filter((t) => t.transfer_group === 'd1')).toHaveLength(1);
    const again = await noRetry().transfers.create(params, { idempotencyKey: 'payout:d1' });
    expect([...fake.transfers.values()].filter((t) => t.transfer_group === 'd1').map((t) => t.id)).toEqual([again.id]);

    // On until turned off, for every request to the route, lists included; over HTTP too.
    await fakeStripeControls(fake.url).dropReplies('transfers', true);
    await expect(noRetry().transfers.list({ transfer_group: 'd1' })).rejects.toMatchObject({ type: 'StripeConnectionError' });
    expect((await noRetry().balance.retrieve()).object).toBe('balance');
    await fakeStripeControls(fake.url).dropReplies('transfers', false);
    expect((await noRetry().transfers.list({ transfer_group: 'd1' })).data.map((t) => t.id)).toEqual([again.id]);
  });

  it('hang accepts a request and never answers it, so the caller times out; nothing runs', async () => {
    fake.hang('accounts', true);
    const started = Date.now();
    await expect(noRetry().accounts.create({ type: 'express', metadata: { userId: 'h1' } }, { idempotencyKey: 'account:h1' })).rejects.toMatchObject({
      type: 'StripeConnectionError',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(fake.calls.filter((c) => c.idempotencyKey === 'account:h1').map((c) => c.hung)).toEqual([true]);
    expect([...fake.accounts.values()].filter((a) => a.metadata.userId === 'h1')).toHaveLength(0);
    await fakeStripeControls(fake.url).hang('accounts', false);
    expect((await noRetry().accounts.create({ type: 'express', metadata: { userId: 'h1' } }, { idempotencyKey: 'account:h1' })).id).toMatch(/^acct_/);
    await fakeStripeControls(fake.url).hang('balance', { times: 1 });
    await expect(noRetry().balance.retrieve()).rejects.toMatchObject({ type: 'StripeConnectionError' });
    expect((await noRetry().balance.retrieve()).object).toBe('balance');
  });

  it('forgets idempotency keys on demand (Stripe keeps them 24 hours): the same key then makes a second transfer', async () => {
    const destination = await onboardedAccount('e1');
    const params = { amount: 55, currency: 'eur', destination, transfer_group: 'e1' };
    const first = await stripe.transfers.create(params, { idempotencyKey: 'payout:e1' });
    expect((await stripe.transfers.create(params, { idempotencyKey: 'payout:e1' })).id).toBe(first.id);
    await fakeStripeControls(fake.url).expireIdempotencyKeys();
    const second = await stripe.transfers.create(params, { idempotencyKey: 'payout:e1' });
    expect(second.id).not.toBe(first.id);
    fake.expireIdempotencyKeys();
    expect((await stripe.transfers.list({ transfer_group: 'e1' })).data).toHaveLength(2);
  });
});

describe('webhook events', () => {
  it('signs events so constructEvent accepts them, and a tampered body is rejected', async () => {
    const accountId = await onboardedAccount('w1');
    const result = await fake.sendEvent('connect', 'account.updated', fake.accounts.get(accountId) ?? {});
    expect(result.status).toBe(200);
    const [delivery] = received;
    expect(delivery?.path).toBe('/connect');
    const event = stripe.webhooks.constructEvent(delivery?.body ?? '', delivery?.signature ?? '', CONNECT_SECRET);
    expect(event).toMatchObject({
      id: result.event.id,
      type: 'account.updated',
      account: accountId,
      livemode: false,
      data: { object: { id: accountId, payouts_enabled: true } },
    });

    const tampered = (delivery?.body ?? '').replace('"payouts_enabled": true', '"payouts_enabled": false');
    expect(tampered).not.toBe(delivery?.body);
    expect(() => stripe.webhooks.constructEvent(tampered, delivery?.signature ?? '', CONNECT_SECRET)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => stripe.webhooks.constructEvent(delivery?.body ?? '', delivery?.signature ?? '', PLATFORM_SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('sends duplicates and events for stored objects over HTTP, answering the webhook status', async () => {
    const destination = await onboardedAccount('w2');
    const transfer = await stripe.transfers.create({ amount: 300, currency: 'usd', destination });
    const res = await fetch(`${fake.url}/__control/events`, {
      method: 'POST',
      body: JSON.stringify({ endpoint: 'platform', type: 'transfer.updated', objectId: transfer.id, duplicate: true, id: 'evt_fixed' }),
    });
    expect(await res.json()).toEqual({ status: 200, statuses: [200, 200], id: 'evt_fixed' });
    expect(received.map((r) => r.path)).toEqual(['/platform', '/platform']);
    const events = received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, PLATFORM_SECRET));
    expect(events.map((e) => [e.id, e.type])).toEqual([
      ['evt_fixed', 'transfer.updated'],
      ['evt_fixed', 'transfer.updated'],
    ]);
    expect(fake.events.filter((e) => e.event.id === 'evt_fixed')).toHaveLength(2);

    const state = await fakeStripeControls(fake.url).state();
    expect(state.events.filter((e) => e.id === 'evt_fixed').map((e) => e.status)).toEqual([200, 200]);
    expect(state.transfers.map((t) => t.id)).toContain(transfer.id);
    await expect(
      fakeStripeControls(fake.url).sendEvent('connect', 'payout.paid', { object: { id: 'po_1', object: 'payout' } }, { account: destination }),
    ).resolves.toMatchObject({ status: 200 });
    expect(stripe.webhooks.constructEvent(received.at(-1)?.body ?? '', received.at(-1)?.signature ?? '', CONNECT_SECRET)).toMatchObject({
      type: 'payout.paid',
      account: destination,
    });

    const unknown = await fetch(`${fake.url}/__control/events`, {
      method: 'POST',
      body: JSON.stringify({ endpoint: 'platform', type: 'transfer.updated', objectId: 'tr_none' }),
    });
    expect(unknown.status).toBe(404);
  });
});

describe('automatic events', () => {
  it('sends account.updated when onboarding completes, transfer.created once per transfer and transfer.reversed on every reversal', async () => {
    const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const auto = await startFakeStripe({
      autoEvents: true,
      webhooks: { platform: { url: `${base}/platform`, secret: PLATFORM_SECRET }, connect: { url: `${base}/connect`, secret: CONNECT_SECRET } },
    });
    try {
      const client = new Stripe('sk_test_fake', { host: '127.0.0.1', port: auto.port, protocol: 'http' });
      const account = await client.accounts.create({ type: 'express', capabilities: { transfers: { requested: true } } });
      await fetch(`${auto.url}/connect/onboarding/${account.id}`, {
        method: 'POST',
        body: new URLSearchParams({ return_url: 'http://app.test/back' }),
        redirect: 'manual',
      });
      const transfer = await client.transfers.create({ amount: 700, currency: 'usd', destination: account.id }, { idempotencyKey: 'auto:1' });
      // A replay of the same request makes no transfer, so no second event.
      expect((await client.transfers.create({ amount: 700, currency: 'usd', destination: account.id }, { idempotencyKey: 'auto:1' })).id).toBe(transfer.id);
      await client.transfers.createReversal(transfer.id, { amount: 200 });
      expect(received).toHaveLength(3);
      await client.transfers.createReversal(transfer.id);
      const events = received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, r.path === '/connect' ? CONNECT_SECRET : PLATFORM_SECRET));
      expect(events.map((e) => [e.type, e.data.object])).toEqual([
        ['account.updated', expect.objectContaining({ id: account.id, details_submitted: true })],
        ['transfer.created', expect.objectContaining({ id: transfer.id, amount: 700, reversed: false, amount_reversed: 0 })],
        ['transfer.reversed', expect.objectContaining({ id: transfer.id, reversed: false, amount_reversed: 200 })],
        ['transfer.reversed', expect.objectContaining({ id: transfer.id, reversed: true, amount_reversed: 700 })],
      ]);
      expect(events.map((e) => e.type)).not.toContain('transfer.paid');
      expect(auto.events.map((e) => e.status)).toEqual([200, 200, 200, 200]);
    } finally {
      await auto.close();
    }
  });
});
