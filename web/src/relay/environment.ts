/**
 * Relay environments. The browser's network posts persisted-operation ids to the public
 * address (`/api/graphql`) with the bearer token, refreshing first when the token is about to
 * expire and once more after a 401/403 or a `Forbidden resource` error (SPEC.md §8). The
 * server's network executes operations in-process (DESIGN.md §4). Records rendered on the
 * server are serialised into the page and become the browser store's starting records.
 */
import {
  Environment,
  type FetchFunction,
  type GraphQLResponse,
  Network,
  RecordSource,
  Store,
} from 'relay-runtime';
import { getAccessToken, refreshCredentials } from '../session/tokens';
import { readCredentials } from '../session/cookies';

/** Store records as serialised into the page. */
export type RecordMap = ReturnType<RecordSource['toJSON']>;

export const GRAPHQL_URL = '/api/graphql';
const FORBIDDEN = 'Forbidden resource';

/** The request body: a persisted id (APQ form) when the compiler persisted the operation, else the text. */
function requestBody(params: { id?: string | null; text?: string | null; name: string }, variables: Record<string, unknown>) {
  return params.id
    ? { operationName: params.name, variables, extensions: { persistedQuery: { version: 1, sha256Hash: params.id } } }
    : { operationName: params.name, variables, query: params.text };
}

const fetchGraphQL: FetchFunction = async (params, variables) => {
  const send = async (token: string | null) =>
    fetch(GRAPHQL_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(requestBody(params, variables)),
    });
  let token = await getAccessToken();
  let response = await send(token);
  let replayed = false;
  if ((response.status === 401 || response.status === 403) && token) {
    const stored = readCredentials();
    token = stored ? ((await refreshCredentials(stored.refreshToken))?.accessToken ?? null) : null;
    response = await send(token);
    replayed = true;
  }
  const json = (await response.json()) as GraphQLResponse & { errors?: { message: string }[] };
  if (!replayed && token && json.errors?.some((e) => e.message === FORBIDDEN)) {
    const stored = readCredentials();
    const next = stored ? await refreshCredentials(stored.refreshToken) : null;
    if (next) return (await send(next.accessToken)).json() as Promise<GraphQLResponse>;
  }
  return json;
};

/** A browser environment, optionally starting from server-rendered records. */
export function createClientEnvironment(records?: RecordMap): Environment {
  return new Environment({
    network: Network.create(fetchGraphQL),
    store: new Store(new RecordSource(records), { gcReleaseBufferSize: 20 }),
    isServer: false,
  });
}

export type ExecuteOperation = (request: {
  id?: string | null;
  text?: string | null;
  variables: Record<string, unknown>;
}) => Promise<{ data?: unknown; errors?: readonly unknown[] }>;

/** A server environment for one request; its store never collects garbage before serialisation. */
export function createServerEnvironment(executeOperation: ExecuteOperation): Environment {
  const network = Network.create(async (params, variables) => {
    const result = await executeOperation({ id: params.id, text: params.text, variables });
    // Plain JSON, as a network response would be (GraphQLError objects become {message, path, …}).
    return JSON.parse(JSON.stringify(result)) as GraphQLResponse;
  });
  const store = new Store(new RecordSource());
  store.holdGC();
  return new Environment({ network, store, isServer: true });
}

/** The records of `environment`'s store, for the page. */
export function serializeRecords(environment: Environment): RecordMap {
  return environment.getStore().getSource().toJSON();
}

