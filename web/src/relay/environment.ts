/**
 * Relay environments. The browser's network (relay/network.ts) posts persisted-operation ids to
 * the public address (`/api/graphql`) with refresh, replay and retries, and subscribes over
 * graphql-ws when a WebSocket endpoint is configured (relay/subscriptions.ts; LIVE-UPDATES). The
 * server's network executes operations in-process. Records rendered on the server are serialised
 * into the page and become the browser store's starting records. The browser environment takes a
 * token provider (the session's, session/authorizedFetch.ts) instead of importing the session.
 */
import type { Client } from 'graphql-ws';
import { Environment, type GraphQLResponse, Network, RecordSource, Store } from 'relay-runtime';
import type { OperationRequest, OperationResult } from '@studio/site/ssr';
import { type AuthorizedFetch, GRAPHQL_URL, createFetchGraphQL } from './network';
import { createSubscribe, createSubscriptionClient, resolveWebSocketUrl } from './subscriptions';

/** Store records as serialised into the page. */
export type RecordMap = ReturnType<RecordSource['toJSON']>;

export { GRAPHQL_URL };

/** What the browser environment needs from the session. */
export interface TokenProvider {
  /** A usable access token (refreshed first when about to expire), or null when signed out; read by the WebSocket on every (re)connection. */
  getAccessToken(): Promise<string | null>;
  /** Sends a request with the access token, refreshing once and replaying once when the server refuses it (SESSION-REFRESH). */
  authorizedFetch: AuthorizedFetch;
}

const sockets = new WeakMap<Environment, Client>();
const reconnectListeners = new WeakMap<Environment, Set<() => void>>();

/**
 * Calls `listener` whenever `environment`'s WebSocket comes back after a lost connection, so a
 * view can refetch what it shows (notices sent while disconnected are not replayed). Answers the
 * unsubscribe function.
 */
export function onSubscriptionsReconnected(environment: Environment, listener: () => void): () => void {
  let set = reconnectListeners.get(environment);
  if (!set) reconnectListeners.set(environment, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

export interface ClientEnvironmentOptions {
  /** The session's tokens. */
  tokens: TokenProvider;
  /** Server-rendered records to start from. */
  records?: RecordMap;
  /** The GraphQL WebSocket endpoint (absolute, or a path on this origin); null disables subscriptions. */
  webSocketUrl?: string | null;
}

/** A browser environment with its own store and, when configured, its own (lazy) WebSocket. */
export function createClientEnvironment({ tokens, records, webSocketUrl = null }: ClientEnvironmentOptions): Environment {
  let environment: Environment | null = null;
  const fetchGraphQL = createFetchGraphQL({ url: GRAPHQL_URL, fetch: (input, init) => fetch(input, init), authorizedFetch: tokens.authorizedFetch });
  const socket = webSocketUrl
    ? createSubscriptionClient({
        url: resolveWebSocketUrl(webSocketUrl),
        getAccessToken: () => tokens.getAccessToken(),
        onReconnected: () => environment && reconnectListeners.get(environment)?.forEach((listener) => listener()),
      })
    : null;
  environment = new Environment({
    network: Network.create(fetchGraphQL, socket ? createSubscribe(socket) : undefined),
    store: new Store(new RecordSource(records), { gcReleaseBufferSize: 20 }),
    isServer: false,
    getDataID,
  });
  if (socket) sockets.set(environment, socket);
  return environment;
}

/**
 * Store keys: a record's `id`, except for mutation payloads. `updatePassword`, `deleteUser` and
 * `deleteAccount` answer the id of the user or account they touched, so a
 * payload's `id` equals that entity's; keyed by it, the payload would overwrite the entity's record
 * (and its `__typename`). Payloads get Relay's path-based client ids instead.
 */
function getDataID(fieldValue: { [key: string]: unknown }, typeName: string): unknown {
  return typeName.endsWith('Payload') ? undefined : fieldValue['id'];
}

/** Whether `environment` can subscribe (a WebSocket endpoint is configured, `PUBLIC_WS_URL` not `off`). */
export function hasSubscriptions(environment: Environment): boolean {
  return sockets.has(environment);
}

/** Closes the environment's WebSocket (sign-in, sign-out); its store is dropped with it. */
export function disposeClientEnvironment(environment: Environment): void {
  void sockets.get(environment)?.dispose();
  sockets.delete(environment);
}

/** The api's in-process GraphQL executor (the SSR contract of @studio/site/ssr). */
export type ExecuteOperation = (request: OperationRequest) => Promise<OperationResult>;

/** A server environment for one request; its store never collects garbage before serialisation. */
export function createServerEnvironment(executeOperation: ExecuteOperation): Environment {
  const network = Network.create(async (params, variables) => {
    const result = await executeOperation({ id: params.id, text: params.text, variables });
    // Plain JSON, as a network response would be (GraphQLError objects become {message, path, …}).
    return JSON.parse(JSON.stringify(result)) as GraphQLResponse;
  });
  const store = new Store(new RecordSource());
  store.holdGC();
  return new Environment({ network, store, isServer: true, getDataID });
}

/** The records of `environment`'s store, for the page. */
export function serializeRecords(environment: Environment): RecordMap {
  return environment.getStore().getSource().toJSON();
}
