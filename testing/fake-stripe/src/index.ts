/**
 * A fake Stripe for the payouts tests: a plain-http node server on loopback that answers the
 * few Connect routes the API calls through the official `stripe` SDK
 * (`new Stripe('sk_test_…', { host: '127.0.0.1', port, protocol: 'http' })`), hosts an
 * onboarding page for account links, and sends signed webhook events to the API's two
 * endpoints (platform and connect). Everything lives in memory and is gone after `close()`.
 *
 * SDK routes (form-encoded bodies, JSON answers shaped like Stripe's, `livemode: false`):
 * - POST /v1/accounts, GET /v1/accounts/:id — incomplete (`details_submitted`/`payouts_enabled`
 *   false, requested capabilities `inactive`) until onboarding completes, then true/true/`active`.
 * - POST /v1/account_links → `url` = `<fake>/connect/onboarding/<acct>?return_url=…&refresh_url=…`,
 *   `expires_at` five minutes on.
 * - POST /v1/transfers (400 `account_invalid` unless the destination exists and completed
 *   onboarding; 400 `balance_insufficient` beyond the platform balance), GET /v1/transfers/:id,
 *   GET /v1/transfers (a list, newest first: `transfer_group`, `destination`, `limit`,
 *   `starting_after`), POST /v1/transfers/:id/reversals (all by default; `reversed: true` once
 *   nothing is left), GET /v1/transfers/:id/reversals (a list), GET /v1/balance.
 * - Transfers have no status of their own, as at Stripe since API version 2017-04-06: a Connect
 *   transfer moves the money into the connected account's balance at once. Stripe's only transfer
 *   events are `transfer.created`, `transfer.updated` and `transfer.reversed` (partial reversals
 *   included); there is no `transfer.paid` or `transfer.failed` (stripe 23.1, Events.d.ts).
 * - Any `Authorization: Bearer sk_test_…` key is accepted; none or another is 401.
 * - `Idempotency-Key` on POST: the same key and parameters replay the first successful answer
 *   (so it never creates a second account or transfer); other parameters → 400 `idempotency_error`.
 *   Error answers are not stored, so a retry after an injected 500 runs for real (an outage in
 *   front of Stripe, not a failure inside it).
 *
 * Onboarding page GET /connect/onboarding/:acct: heading "Fake Stripe onboarding", button
 * "Complete onboarding" (completes, 303 to return_url), link "Come back later" (return_url only).
 *
 * Controls over HTTP (for e2e in another process; JSON in and out, no key needed):
 * - POST /__control/complete/:acct → the completed account.
 * - POST /__control/fail-next `{ route: 'accounts'|'account_links'|'transfers'|'balance', status, code?, times? }`.
 * - POST /__control/drop-replies `{ route, on: boolean }` or `{ route, times }`: requests to the
 *   route run (a transfer is made, its idempotency key stored) but the reply is never sent: the
 *   fake destroys the socket instead, as when a reply is lost on the network. The SDK sees a
 *   connection reset (ECONNRESET) and cannot tell whether Stripe acted.
 * - POST /__control/hang `{ route, on: boolean }` or `{ route, times }`: requests to the route are
 *   accepted and read, never run and never answered (the socket stays open until the client's
 *   timeout or `close()`): a Stripe that accepts connections but does not answer.
 * - POST /__control/expire-idempotency-keys: forgets every stored idempotency key, as Stripe does
 *   24 hours after a key's first use; the same key then runs the request again.
 * - POST /__control/events `{ endpoint: 'platform'|'connect', type, objectId?, object?, id?, duplicate?, account? }`:
 *   the event is built from the stored account/transfer `objectId` (or the literal `object`),
 *   signed with the endpoint's secret and POSTed to its URL; answers 200
 *   `{ status: <the webhook's HTTP status, 0 if unreachable>, statuses, id }`.
 * - GET /__control/state → `{ accounts, transfers, calls, events }`.
 * `fakeStripeControls(url)` (control.ts) wraps them in typed calls.
 *
 * `hang` wins over `dropReplies` and `failNext`; `failNext` answers are dropped too while
 * `dropReplies` is on.
 *
 * Note on the SDK: it retries (twice by default in Node) on 5xx and 409 and on connection
 * errors, with the same auto-generated idempotency key, so a single injected 500 is invisible
 * to a caller with default settings; use `times: 3` or `maxNetworkRetries: 0` to see it fail.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type SendEventOptions, type SentEvent, type WebhookEndpoint, type WebhookEndpointName, buildEvent, deliver } from './events.js';
import { type FailureSpec, type FakeStripeCall, type FakeStripeCore, type FakeStripeRoute, type ReplyFault, createHandler } from './server.js';
import { type FakeAccount, FakeStripeError, FakeStripeStore, type FakeTransfer } from './store.js';

export type { FakeStripeControls, FakeStripeState } from './control.js';
export { fakeStripeControls } from './control.js';
export type { FormObject, FormValue } from './form.js';
export { parseForm } from './form.js';
export type { FakeEvent, SendEventOptions, SentEvent, WebhookEndpoint, WebhookEndpointName } from './events.js';
export type { FailureSpec, FakeStripeCall, FakeStripeRoute, ReplyFault } from './server.js';
export type { FakeAccount, FakeTransfer, FakeTransferReversal } from './store.js';

/** Options of `startFakeStripe`. */
export interface FakeStripeOptions {
  /** Port to listen on; 0 (the default) picks any free port. */
  port?: number;
  /** Interface to listen on and host of `url` (default 127.0.0.1). */
  host?: string;
  /** Where events go: the platform endpoint and the Connect endpoint, each with its `whsec_…` secret. */
  webhooks: Record<WebhookEndpointName, WebhookEndpoint>;
  /** Platform balance per currency, minor units (default 1,000,000.00 in any currency). */
  balances?: Record<string, number>;
  /**
   * Send events on their own, as Stripe would (default false: tests send them explicitly):
   * `account.updated` (connect) when onboarding completes, `transfer.created` (platform) when a
   * transfer is made (not when an idempotent request is replayed), `transfer.reversed` (platform)
   * on every reversal, partial or full. Each is delivered before the request that caused it is
   * answered. Delivery failures are recorded in `events`, never thrown.
   */
  autoEvents?: boolean;
}

/** A running fake Stripe (see the module comment). */
export interface FakeStripe {
  /** `http://<host>:<port>` (no trailing slash). */
  url: string;
  port: number;
  /** Stops the server, closing open connections too. */
  close(): Promise<void>;
  /** Accounts by id (live objects: edit them to set up unusual states). */
  accounts: Map<string, FakeAccount>;
  /** Transfers by id (live objects). */
  transfers: Map<string, FakeTransfer>;
  /** Completes an account's onboarding (as the page's button does); throws for an unknown id. */
  completeOnboarding(accountId: string): Promise<FakeAccount>;
  /**
   * Makes the next request(s) to a route (`/v1/<route>…`) fail with `status` and a Stripe error
   * body (`type` from the status, `code` when given) before anything else happens.
   */
  failNext(route: FakeStripeRoute, failure: FailureSpec): void;
  /**
   * Runs requests to a route but drops their replies (destroys the socket instead of answering):
   * `true` until `dropReplies(route, false)`, or `{ times }` for the next requests. The requests'
   * effects stay (a transfer is made; its idempotency key is stored, so a retry replays it).
   */
  dropReplies(route: FakeStripeRoute, fault: ReplyFault): void;
  /** Accepts requests to a route and never answers them (nor runs them): `true` until `hang(route, false)`, or `{ times }`. */
  hang(route: FakeStripeRoute, fault: ReplyFault): void;
  /** Forgets every idempotency key, as Stripe does 24 hours after a key's first use. */
  expireIdempotencyKeys(): void;
  /**
   * Sends a `type` event wrapping `object` to an endpoint; resolves with the receiver's HTTP
   * status (0 = unreachable) of the last delivery, every delivery's status and the event.
   */
  sendEvent(
    endpoint: WebhookEndpointName,
    type: string,
    object: object,
    options?: SendEventOptions,
  ): Promise<{ status: number; statuses: number[]; event: SentEvent['event'] }>;
  /** Every delivery made, in order. */
  events: SentEvent[];
  /** Every `/v1/` request received, in order (method, path, idempotency key, params, status). */
  calls: FakeStripeCall[];
}

/** Starts a fake Stripe (see the module comment). */
export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const store = new FakeStripeStore(options.balances);
  const failures = new Map<string, Required<Pick<FailureSpec, 'status' | 'times'>> & { code?: string }>();
  /** Reply faults by `<kind> <route>`: how many requests are left to affect (Infinity while on). */
  const faults = new Map<string, number>();
  const events: SentEvent[] = [];
  const calls: FakeStripeCall[] = [];
  let url = '';

  const sendEvent: FakeStripe['sendEvent'] = async (endpoint, type, object, sendOptions = {}) => {
    const target = options.webhooks[endpoint];
    if (!target) throw new Error(`Unknown webhook endpoint: ${String(endpoint)}`);
    const event = buildEvent(endpoint, type, { ...object }, sendOptions);
    const body = JSON.stringify(event, null, 2);
    const statuses: number[] = [];
    for (let i = 0; i < (sendOptions.duplicate ? 2 : 1); i += 1) {
      const sent = await deliver(endpoint, target, event, body);
      events.push(sent);
      statuses.push(sent.status);
    }
    return { status: statuses[statuses.length - 1] ?? 0, statuses, event };
  };

  const completeOnboarding = async (accountId: string): Promise<FakeAccount> => {
    const account = store.completeOnboarding(accountId);
    if (options.autoEvents) await sendEvent('connect', 'account.updated', account);
    return account;
  };

  const core: FakeStripeCore = {
    store,
    baseUrl: () => url,
    calls,
    idempotency: new Map(),
    takeFailure(route) {
      const failure = failures.get(route);
      if (!failure) return undefined;
      failure.times -= 1;
      if (failure.times <= 0) failures.delete(route);
      return failure;
    },
    completeOnboarding,
    failNext(route, failure) {
      failures.set(route, { status: failure.status, times: failure.times ?? 1, ...(failure.code ? { code: failure.code } : {}) });
    },
    takeFault(kind, route) {
      const left = faults.get(`${kind} ${route}`) ?? 0;
      if (left <= 0) return false;
      if (left === Infinity) return true;
      if (left === 1) faults.delete(`${kind} ${route}`);
      else faults.set(`${kind} ${route}`, left - 1);
      return true;
    },
    setFault(kind, route, fault) {
      const times = typeof fault === 'boolean' ? (fault ? Infinity : 0) : fault.times;
      if (times > 0) faults.set(`${kind} ${route}`, times);
      else faults.delete(`${kind} ${route}`);
    },
    async controlEvent(input) {
      const { endpoint, type, objectId, object, id, duplicate, account } = input;
      if ((endpoint !== 'platform' && endpoint !== 'connect') || typeof type !== 'string') {
        throw new FakeStripeError(400, 'invalid_request_error', undefined, 'events needs { endpoint: platform|connect, type, objectId | object }');
      }
      let target: object | undefined;
      if (typeof objectId === 'string') target = store.accounts.get(objectId) ?? store.transfers.get(objectId);
      else if (object && typeof object === 'object') target = object;
      if (!target) throw new FakeStripeError(404, 'invalid_request_error', 'resource_missing', `No such object: '${String(objectId)}'`);
      const result = await sendEvent(endpoint, type, target, {
        ...(typeof id === 'string' ? { id } : {}),
        ...(typeof account === 'string' ? { account } : {}),
        duplicate: duplicate === true,
      });
      return { status: result.status, statuses: result.statuses, id: result.event.id };
    },
    async transferCreated(transferId) {
      if (options.autoEvents) await sendEvent('platform', 'transfer.created', store.transfer(transferId));
    },
    async transferReversed(transferId) {
      if (options.autoEvents) await sendEvent('platform', 'transfer.reversed', store.transfer(transferId));
    },
    state: () => ({
      accounts: [...store.accounts.values()],
      transfers: [...store.transfers.values()],
      calls,
      events: events.map(({ endpoint, event, status, error }) => ({ endpoint, id: event.id, type: event.type, status, ...(error ? { error } : {}) })),
    }),
  };

  const server: Server = createServer(createHandler(core));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Never keeps a process alive by itself (the e2e runner exits when its tests end).
  server.unref();
  const { port } = server.address() as AddressInfo;
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
    accounts: store.accounts,
    transfers: store.transfers,
    completeOnboarding,
    failNext: (route, failure) => core.failNext(route, failure),
    dropReplies: (route, fault) => core.setFault('drop', route, fault),
    hang: (route, fault) => core.setFault('hang', route, fault),
    expireIdempotencyKeys: () => core.idempotency.clear(),
    sendEvent,
    events,
    calls,
  };
}
