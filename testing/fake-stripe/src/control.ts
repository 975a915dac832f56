/**
 * A typed client for the fake's HTTP controls (`/__control/…`), for tests that run in another
 * process than the fake (Playwright workers: the runner starts the fake, workers only know its
 * URL). Every method throws on a non-2xx control answer with the fake's error message.
 */
import type { FakeAccount, FakeTransfer } from './store.js';
import type { FakeStripeCall, FakeStripeRoute, ReplyFault } from './server.js';
import type { WebhookEndpointName } from './events.js';

/** What `GET /__control/state` answers. */
export interface FakeStripeState {
  accounts: FakeAccount[];
  transfers: FakeTransfer[];
  calls: FakeStripeCall[];
  events: { endpoint: WebhookEndpointName; id: string; type: string; status: number; error?: string }[];
}

/** The controls of a fake Stripe at `url` (see index.ts). */
export interface FakeStripeControls {
  /** Completes an account's onboarding; resolves with the account. */
  completeOnboarding(accountId: string): Promise<FakeAccount>;
  /** Makes the next `times` (default 1) requests to `/v1/<route>` fail with `status` (and `code`). */
  failNext(route: FakeStripeRoute, failure: { status: number; code?: string; times?: number }): Promise<void>;
  /** Runs requests to `/v1/<route>` but drops their replies: `true` until `false`, or `{ times }` (index.ts). */
  dropReplies(route: FakeStripeRoute, fault: ReplyFault): Promise<void>;
  /** Accepts requests to `/v1/<route>` and never answers: `true` until `false`, or `{ times }` (index.ts). */
  hang(route: FakeStripeRoute, fault: ReplyFault): Promise<void>;
  /** Forgets every stored idempotency key (Stripe's 24-hour expiry). */
  expireIdempotencyKeys(): Promise<void>;
  /**
   * Sends a `type` event for the stored account or transfer `objectId` (or a literal `object`)
   * to an endpoint; resolves with the receiver's status (0 = unreachable) and the event id.
   */
  sendEvent(
    endpoint: WebhookEndpointName,
    type: string,
    target: { objectId: string } | { object: Record<string, unknown> },
    options?: { id?: string; duplicate?: boolean; account?: string },
  ): Promise<{ status: number; statuses: number[]; id: string }>;
  /** Everything the fake holds and has done. */
  state(): Promise<FakeStripeState>;
}

/** Controls for the fake Stripe at `url` (`http://127.0.0.1:<port>`). */
export function fakeStripeControls(url: string): FakeStripeControls {
  const base = url.replace(/\/$/, '');
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}/__control/${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as T & { error?: { message?: string } };
    if (!res.ok) throw new Error(`fake Stripe control ${path}: ${res.status} ${json.error?.message ?? ''}`);
    return json;
  }
  return {
    completeOnboarding: (accountId) => call('POST', `complete/${encodeURIComponent(accountId)}`),
    failNext: async (route, failure) => {
      await call('POST', 'fail-next', { route, ...failure });
    },
    dropReplies: async (route, fault) => {
      await call('POST', 'drop-replies', { route, ...(typeof fault === 'boolean' ? { on: fault } : { times: fault.times }) });
    },
    hang: async (route, fault) => {
      await call('POST', 'hang', { route, ...(typeof fault === 'boolean' ? { on: fault } : { times: fault.times }) });
    },
    expireIdempotencyKeys: async () => {
      await call('POST', 'expire-idempotency-keys');
    },
    sendEvent: (endpoint, type, target, options = {}) => call('POST', 'events', { endpoint, type, ...target, ...options }),
    state: () => call('GET', 'state'),
  };
}
