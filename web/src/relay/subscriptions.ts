/**
 * Live updates over graphql-ws (`graphql-transport-ws` subprotocol; LIVE-UPDATES).
 * One lazy client per Relay environment: the socket opens with the first subscription and
 * carries `Authorization: Bearer <access token>` in the connection-init payload (a fresh token,
 * refreshed first when needed). Lost connections retry up to 5 times with graphql-ws's
 * exponential backoff plus random jitter. Sign-in and sign-out dispose the client with its
 * environment, so the socket restarts under the new identity.
 */
import { type Client, createClient } from 'graphql-ws';
import { type GraphQLResponse, Observable, type RequestParameters, type SubscribeFunction, type Variables } from 'relay-runtime';
import { requestBody } from './network';

/** Reconnection attempts after a lost socket (LIVE-UPDATES). */
export const SUBSCRIPTION_RETRY_ATTEMPTS = 5;

/** `ws(s)://…` for a configured endpoint; a path such as `/api/graphql` is taken relative to the page. */
export function resolveWebSocketUrl(configured: string, base: Location | URL = location): string {
  const url = new URL(configured, base.href);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.href;
}

/**
 * The browser's WebSocket, except that sending on a socket that is closing or closed does nothing.
 * graphql-ws sends a subscription's first message right after its connection is ready; when the
 * socket is being closed at that moment (sign-out disposes the client while a page mounts a
 * subscription), the browser would log "WebSocket is already in CLOSING or CLOSED state." for a
 * message that has nowhere to go anyway.
 */
function quietWebSocket(): typeof WebSocket | undefined {
  if (typeof WebSocket === 'undefined') return undefined;
  return class QuietWebSocket extends WebSocket {
    override send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
      if (this.readyState === WebSocket.OPEN) super.send(data);
    }
  };
}

/** A lazy graphql-ws client for `url` that authenticates every (re)connection with a fresh access token. */
export function createSubscriptionClient(options: {
  url: string;
  getAccessToken(): Promise<string | null>;
  /** Called after a lost connection is re-established (notices sent meanwhile were missed). */
  onReconnected?(): void;
}): Client {
  return createClient({
    on: { connected: (_socket, _payload, wasRetry) => wasRetry && options.onReconnected?.() },
    url: options.url,
    webSocketImpl: quietWebSocket(),
    lazy: true,
    retryAttempts: SUBSCRIPTION_RETRY_ATTEMPTS,
    // Any lost connection (server restart, network change) is worth retrying; the backoff is graphql-ws's own.
    shouldRetry: () => true,
    connectionParams: async () => {
      const token = await options.getAccessToken().catch(() => null);
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
  });
}

/** Relay's subscribe function over `client`; persisted operations travel by id like queries do. */
export function createSubscribe(client: Client): SubscribeFunction {
  return (params: RequestParameters, variables: Variables) =>
    Observable.create<GraphQLResponse>((sink) => {
      const body = requestBody(params, variables);
      return client.subscribe<Record<string, unknown>>(
        {
          query: 'query' in body && body.query ? body.query : '',
          operationName: body.operationName,
          variables,
          extensions: 'extensions' in body ? body.extensions : undefined,
        },
        {
          next: (value) => sink.next(value as unknown as GraphQLResponse),
          error: (error) => sink.error(error instanceof Error ? error : new Error(describeCloseReason(error))),
          complete: () => sink.complete(),
        },
      );
    });
}

function describeCloseReason(reason: unknown): string {
  if (reason && typeof reason === 'object' && 'code' in reason) {
    const { code, reason: text } = reason as { code: number; reason?: string };
    return `Live connection closed (${code}${text ? `: ${text}` : ''})`;
  }
  return Array.isArray(reason) ? reason.map((e: { message?: string }) => e.message).join('; ') : 'Live connection failed';
}
