/**
 * Helpers of the payout suites (PAYOUT-*): an API server wired to a fake Stripe (started first on a
 * free port; its webhook targets are filled in once the server's URL is known — the fake reads them
 * at each delivery), users given available money by an administrator's adjustment, sessions aged
 * past the re-authentication window, and readers of balances, payouts, mails and jobs.
 */
import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import { type FakeStripe, type WebhookEndpoint, startFakeStripe } from '@studio/fake-stripe';
import { type DbKind, type TestServer, ok, startServer } from './harness.js';
import { ADJUST, LEDGER_ENV } from './ledger-helpers.js';
import { type Member, member } from './requests-helpers.js';

export const PLATFORM_SECRET = 'whsec_platform_test';
export const CONNECT_SECRET = 'whsec_connect_test';

/** Settings of the payout suites: Stripe through the fake, no cool-down, jobs only through `runDue`. */
export const PAYOUT_ENV: Record<string, string> = {
  ...LEDGER_ENV,
  JOBS_POLL_INTERVAL_MS: '600000',
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_WEBHOOK_SECRET: PLATFORM_SECRET,
  STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
  PAYOUT_COOLDOWN_HOURS: '0',
};

export const PAYOUT_FIELDS = 'id amount { amount currency } method destination status failureReason reference version';
export const REQUEST = `mutation ($currency: String!) { requestPayout(currency: $currency) { ${PAYOUT_FIELDS} } }`;
export const SET_METHOD =
  'mutation ($input: SetWithdrawalMethodInput!) { setWithdrawalMethod(input: $input) { id withdrawalMethod withdrawalMethodDetails payoutsPausedUntil } }';
export const START_ONBOARDING = 'mutation { startStripeOnboarding { url } }';
export const REFRESH_ONBOARDING = 'mutation { refreshStripeOnboarding { id stripeAccountId stripeOnboardingCompleted } }';
export const REAUTH = 'mutation ($password: String!) { reauthenticate(password: $password) { validUntil } }';
export const QUEUE = `query ($status: PayoutStatus, $method: WithdrawalMethods) { payouts(status: $status, method: $method, first: 50) { totalCount edges { node { ${PAYOUT_FIELDS} user { id } } } } }`;
export const MARK_SENT = `mutation ($id: ID!, $reference: String!, $version: Int!) { markPayoutSent(id: $id, reference: $reference, version: $version) { ${PAYOUT_FIELDS} } }`;
export const MARK_FAILED = `mutation ($id: ID!, $reason: String!, $version: Int!) { markPayoutFailed(id: $id, reason: $reason, version: $version) { ${PAYOUT_FIELDS} } }`;
export const ME = `query ($id: ID!) { user(id: $id) { id stripeAccountId stripeOnboardingCompleted withdrawalMethod withdrawalMethodDetails payoutsPausedUntil balances { currency available pending inPayout } transactions(first: 10) { totalCount edges { node { kind amount { amount currency } status } } } payouts(first: 5) { totalCount edges { node { id status } } } } }`;

/** An API server and the fake Stripe it talks to; `close` stops both. */
export interface PayoutWorld {
  server: TestServer;
  stripe: FakeStripe;
  close(): Promise<void>;
}

/** Starts the fake Stripe, then the server on `kind` with PAYOUT_ENV + `env`, then points the fake's webhooks at the server. */
export async function startPayoutWorld(kind: DbKind, env: Record<string, string> = {}): Promise<PayoutWorld> {
  const webhooks: Record<'platform' | 'connect', WebhookEndpoint> = {
    platform: { url: 'http://127.0.0.1:9/unset', secret: PLATFORM_SECRET },
    connect: { url: 'http://127.0.0.1:9/unset', secret: CONNECT_SECRET },
  };
  const stripe = await startFakeStripe({ webhooks });
  let server: TestServer;
  try {
    server = await startServer(kind, { ...PAYOUT_ENV, STRIPE_API_URL: stripe.url, ...env });
  } catch (error) {
    await stripe.close();
    throw error;
  }
  // The fake reads `options.webhooks` at every delivery, so filling the URLs in now is enough.
  webhooks.platform.url = `${server.baseUrl}/api/webhooks/stripe`;
  webhooks.connect.url = `${server.baseUrl}/api/webhooks/stripe-connect`;
  return {
    server,
    stripe,
    close: async () => {
      await server.close();
      await stripe.close();
    },
  };
}

/** Gives `user` `amount` available minor units of `currency` through an administrator's adjustment. */
export async function fund(server: TestServer, boss: Member, user: Member, amount: number, currency = 'EUR'): Promise<void> {
  ok(
    await server.graphql(
      ADJUST,
      { input: { userId: user.id, amount, currency, reason: 'Test earnings', idempotencyKey: `fund-${user.localId}-${currency}-${amount}` } },
      boss.accessToken,
    ),
  );
}

/** The session id of `user`'s access token. */
export function sessionOf(user: Member): string {
  return String(decodeJwt(user.accessToken)['sid']);
}

/** Makes `user`'s session look signed in 11 minutes ago with no proof since (PAYOUT-REAUTH). */
export async function ageSession(server: TestServer, user: Member): Promise<void> {
  const created = new Date(Date.now() - 11 * 60_000).toISOString();
  await server.app.database.db.updateTable('sessions').set({ created, reauthenticatedAt: null }).where('id', '=', sessionOf(user)).execute();
}

/** What `user` sees of themself. */
export async function me(server: TestServer, user: Member) {
  return ok(await server.graphql(ME, { id: user.id }, user.accessToken)).user;
}

/** `user`'s balance of `currency` (zeros when there is none). */
export async function balanceOf(server: TestServer, user: Member, currency = 'EUR') {
  const found = (await me(server, user)).balances.find((b: { currency: string }) => b.currency === currency);
  return found ? { available: found.available, pending: found.pending, inPayout: found.inPayout } : { available: 0, pending: 0, inPayout: 0 };
}

/** The payouts row `localId`. */
export function payoutRow(server: TestServer, localId: string) {
  return server.app.database.db.selectFrom('payouts').selectAll().where('id', '=', localId).executeTakeFirstOrThrow();
}

/** `user`'s one payouts row (fails unless there is exactly one). */
export async function onlyPayoutOf(server: TestServer, user: Member) {
  const rows = await server.app.database.db.selectFrom('payouts').selectAll().where('userId', '=', user.localId).execute();
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** How many outbox mails of `template` went to `user`. */
export async function mailCount(server: TestServer, user: Member, template: string): Promise<number> {
  const rows = await server.app.database.db
    .selectFrom('mailOutbox')
    .select('id')
    .where('recipient', '=', user.email)
    .where('template', '=', template)
    .execute();
  return rows.length;
}

/** Makes every pending job due now (after a retry's backoff), then runs the due jobs. */
export async function runJobsNow(server: TestServer) {
  await server.app.database.db
    .updateTable('jobs')
    .set({ runAt: new Date(Date.now() - 1000).toISOString() })
    .where('status', '=', 'queued')
    .execute();
  return server.app.jobs.runDue();
}

/**
 * One step of simulated time for the job queue: the earliest queued job's `run_at` becomes now
 * (with every job due by then), then the due jobs run. Answers the milliseconds skipped (0 when
 * something was due already or nothing is queued) and whether anything was queued at all.
 */
export async function advanceJobs(server: TestServer): Promise<{ skippedMs: number; queued: boolean }> {
  const db = server.app.database.db;
  const next = await db.selectFrom('jobs').select('runAt').where('status', '=', 'queued').orderBy('runAt').executeTakeFirst();
  if (!next) return { skippedMs: 0, queued: false };
  const now = Date.now();
  const skippedMs = Math.max(0, Date.parse(next.runAt) - now);
  await db
    .updateTable('jobs')
    .set({ runAt: new Date(now - 1000).toISOString() })
    .where('status', '=', 'queued')
    .where('runAt', '<=', new Date(now + skippedMs).toISOString())
    .execute();
  await server.app.jobs.runDue();
  return { skippedMs, queued: true };
}

/** The transfer job of payout `payoutId` (key `payout.transfer:<id>`). */
export function transferJobOf(server: TestServer, payoutId: string) {
  return server.app.database.db.selectFrom('jobs').selectAll().where('idempotencyKey', '=', `payout.transfer:${payoutId}`).executeTakeFirstOrThrow();
}

/** The outbox mails of `template` (recipient, language, idempotency key), oldest first; only payout `payoutId`'s (key `payout:<id>:…`) when given. */
export function mailsOf(server: TestServer, template: string, payoutId?: string) {
  return server.app.database.db
    .selectFrom('mailOutbox')
    .select(['recipient', 'locale', 'template', 'idempotencyKey'])
    .where('template', '=', template)
    .$if(payoutId !== undefined, (qb) => qb.where('idempotencyKey', 'like', `payout:${payoutId}:%`))
    .orderBy('created')
    .execute();
}

/** A user with `amount` available EUR, STRIPE chosen and onboarding completed at the fake. */
export async function stripeReady(world: PayoutWorld, boss: Member, name: string, amount = 5000): Promise<Member> {
  const { server, stripe } = world;
  const user = await member(server, name);
  await fund(server, boss, user, amount);
  ok(await server.graphql(SET_METHOD, { input: { method: 'STRIPE' } }, user.accessToken));
  ok(await server.graphql(START_ONBOARDING, {}, user.accessToken));
  const { stripeAccountId } = await me(server, user);
  await stripe.completeOnboarding(stripeAccountId);
  expect(ok(await server.graphql(REFRESH_ONBOARDING, {}, user.accessToken)).refreshStripeOnboarding.stripeOnboardingCompleted).toBe(true);
  return user;
}
