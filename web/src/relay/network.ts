/**
 * The browser's GraphQL fetch function (SPEC.md §4, §8; DESIGN.md §8):
 * - before a request, a token that is expired or within 2 s of expiry is refreshed first
 *   (`session.getAccessToken`, single-flight across requests and tabs);
 * - replay: an HTTP 401 or 403 sent with a token → one refresh, then the request once more;
 *   a 401 sent without credentials passes through; a GraphQL error `Forbidden resource` for a
 *   signed-in user → one refresh and one retry;
 * - retries: HTTP 499, 500 and 502 are retried 5 times, 1000 ms apart (p-retry), overridable per
 *   call through `networkCacheConfig.metadata.retry = { retries, delayMs }`; never for a mutation,
 *   which is not idempotent (docs/decisions/0009).
 * Everything it needs comes in as `NetworkDeps`, so unit tests drive it with fake timers.
 */
import pRetry, { AbortError } from 'p-retry';
import type { CacheConfig, GraphQLResponse, RequestParameters, Variables } from 'relay-runtime';

/** HTTP statuses that are retried (SPEC.md §8). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([499, 500, 502]);
/** Default retry policy: 5 retries, 1000 ms apart (SPEC.md §8). */
export const DEFAULT_RETRY = { retries: 5, delayMs: 1000 } as const;
/** The GraphQL error message of an authorisation failure (DESIGN.md §5). */
export const FORBIDDEN_MESSAGE = 'Forbidden resource';

export interface RetryPolicy {
  /** Retries after the first attempt (0 disables). */
  retries: number;
  /** Wait between attempts, in milliseconds. */
  delayMs: number;
}

export interface NetworkDeps {
  /** The GraphQL endpoint, e.g. `/api/graphql`. */
  url: string;
  fetch: typeof fetch;
  /** A usable access token (refreshing first when it is about to expire), or null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** Rotates the credentials after the server refused `rejectedToken`; answers the new access token, or null when the session ended. */
  forceRefresh(rejectedToken: string): Promise<string | null>;
}

/** An HTTP answer the retry policy may repeat. */
class RetryableStatusError extends Error {
  constructor(readonly response: Response) {
    super(`HTTP ${response.status}`);
  }
}

/** The request body: a persisted id (APQ shape) when the compiler persisted the operation, else the text. */
export function requestBody(params: Pick<RequestParameters, 'id' | 'text' | 'name'>, variables: Variables) {
  return params.id
    ? { operationName: params.name, variables, extensions: { persistedQuery: { version: 1, sha256Hash: params.id } } }
    : { operationName: params.name, variables, query: params.text };
}

/** The retry policy for one call: none for mutations, else the call's override or the default. */
export function retryPolicy(params: Pick<RequestParameters, 'operationKind'>, cacheConfig?: CacheConfig | null): RetryPolicy {
  if (params.operationKind === 'mutation') return { retries: 0, delayMs: 0 };
  const override = (cacheConfig?.metadata as { retry?: Partial<RetryPolicy> } | undefined)?.retry;
  return { ...DEFAULT_RETRY, ...override };
}

/** Builds Relay's fetch function over `deps`. */
export function createFetchGraphQL(deps: NetworkDeps) {
  return async function fetchGraphQL(params: RequestParameters, variables: Variables, cacheConfig?: CacheConfig | null): Promise<GraphQLResponse> {
    const body = JSON.stringify(requestBody(params, variables));
    const policy = retryPolicy(params, cacheConfig);

    const sendOnce = (token: string | null) =>
      deps.fetch(deps.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body,
      });

    const send = async (token: string | null): Promise<Response> => {
      if (policy.retries <= 0) return sendOnce(token);
      try {
        return await pRetry(
          async () => {
            const response = await sendOnce(token);
            if (RETRY_STATUSES.has(response.status)) throw new RetryableStatusError(response);
            return response;
          },
          {
            retries: policy.retries,
            minTimeout: policy.delayMs,
            maxTimeout: policy.delayMs,
            factor: 1,
            randomize: false,
            // Only the listed statuses are retried; a network failure is reported at once.
            shouldRetry: ({ error }) => error instanceof RetryableStatusError,
          },
        );
      } catch (error) {
        if (error instanceof RetryableStatusError) return error.response; // retries exhausted: report the last answer
        throw error instanceof AbortError ? (error.cause ?? error) : error;
      }
    };

    let token = await deps.getAccessToken();
    let response = await send(token);
    let refreshed = false;
    if ((response.status === 401 || response.status === 403) && token) {
      token = await deps.forceRefresh(token);
      refreshed = true;
      if (token) response = await send(token);
    }
    const json = await parseResponse(response);
    if (!refreshed && token && json.errors?.some((error) => error.message === FORBIDDEN_MESSAGE)) {
      const next = await deps.forceRefresh(token);
      if (next) return parseResponse(await send(next));
    }
    return json;
  };
}

type GraphQLPayload = GraphQLResponse & { errors?: { message: string }[] };

/** A GraphQL answer, or a GraphQL-shaped error for an HTTP failure without a JSON body. */
async function parseResponse(response: Response): Promise<GraphQLPayload> {
  const text = await response.text();
  try {
    const json = JSON.parse(text) as GraphQLPayload | { error?: { message?: string } };
    if ('data' in json || 'errors' in json) return json as GraphQLPayload;
    const message = (json as { error?: { message?: string } }).error?.message;
    return { data: null, errors: [{ message: message ?? `HTTP ${response.status}` }] } as unknown as GraphQLPayload;
  } catch {
    return { data: null, errors: [{ message: `HTTP ${response.status} ${response.statusText}`.trim() }] } as unknown as GraphQLPayload;
  }
}
