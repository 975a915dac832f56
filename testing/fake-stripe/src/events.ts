/**
 * Webhook events as Stripe sends them: an `event` object wrapping the object in
 * `data.object`, signed with the endpoint's secret in a `Stripe-Signature` header
 * (`t=<unix seconds>,v1=<hmac>`, made by the SDK's own `Stripe.webhooks.generateTestHeaderString`,
 * so `stripe.webhooks.constructEvent` accepts it) and POSTed as JSON to the endpoint's URL.
 * Connect events (endpoint `connect`) carry the connected account's id in `account`.
 */
import Stripe from 'stripe';
import { newId, nowSeconds } from './store.js';

/** The two webhook endpoints of the platform: its own events and its connected accounts' events. */
export type WebhookEndpointName = 'platform' | 'connect';

/** Where an endpoint receives events and the secret they are signed with (`whsec_…`). */
export interface WebhookEndpoint {
  url: string;
  secret: string;
}

/** An event as delivered (a subset of Stripe's `Event`). */
export interface FakeEvent {
  id: string;
  object: 'event';
  account?: string;
  api_version: string;
  created: number;
  data: { object: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
}

/** One delivery attempt: the event, where it went and the HTTP status the receiver answered (0 = unreachable). */
export interface SentEvent {
  endpoint: WebhookEndpointName;
  event: FakeEvent;
  /** The exact body that was signed and sent. */
  body: string;
  signature: string;
  status: number;
  /** Set when the receiver could not be reached. */
  error?: string;
}

/** Options of one `sendEvent`. */
export interface SendEventOptions {
  /** The event id (default: a new `evt_…`); reuse one to replay an event. */
  id?: string;
  /** Deliver the same event (same id and body, newly signed) twice, as Stripe may. */
  duplicate?: boolean;
  /** Connected account for a connect event (default: the object's own id for an account, else its `destination`). */
  account?: string;
}

/** The API version the fake claims for its events: the one the installed SDK pins. */
export const API_VERSION: string = Stripe.API_VERSION;

/** Builds the event for `object` (see the module comment). */
export function buildEvent(endpoint: WebhookEndpointName, type: string, object: Record<string, unknown>, options: SendEventOptions = {}): FakeEvent {
  const event: FakeEvent = {
    id: options.id ?? newId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: nowSeconds(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  if (endpoint === 'connect') {
    const own = object.object === 'account' ? object.id : object.destination;
    const account = options.account ?? (typeof own === 'string' ? own : undefined);
    if (account) event.account = account;
  }
  return event;
}

/**
 * Signs `body` for `secret` and POSTs it to `url`; resolves with the delivery (status 0 and
 * `error` when the receiver is unreachable — never rejects).
 */
export async function deliver(endpointName: WebhookEndpointName, endpoint: WebhookEndpoint, event: FakeEvent, body: string): Promise<SentEvent> {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: endpoint.secret });
  try {
    const response = await fetch(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return { endpoint: endpointName, event, body, signature, status: response.status };
  } catch (error) {
    return { endpoint: endpointName, event, body, signature, status: 0, error: error instanceof Error ? error.message : String(error) };
  }
}
