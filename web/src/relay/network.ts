/**
 * The browser's GraphQL fetch function:
 * - authorization comes from the session's `authorizedFetch`, given in (relay imports no session
 *   module): the request carries a fresh access token (refreshed first within 2 s of expiry), and
 *   after a refusal — HTTP 401 or 403 sent with a token, or a GraphQL error `Forbidden resource`
 *   for a signed-in user — the credentials are refreshed once and the request replayed once; a
 *   401 sent without credentials passes through (SESSION-REFRESH, API-ERRORS);
 * - retries: HTTP 499, 500 and 502 are retried 5 times, 1000 ms apart (p-retry), overridable per
 *   call through `networkCacheConfig.metadata.retry = { retries, delayMs }`; never for a mutation,
 *   which is not idempotent (SESSION-RETRY; docs/decisions/0009).
 * Everything it needs comes in as `NetworkDeps`, so unit tests drive it with fake timers.
 */
import pRetry, { AbortError } from 'p-retry';
import type { CacheConfig, GraphQLResponse, RequestParameters, Variables } from 'relay-runtime';

/** The GraphQL endpoint on the site's origin. */
export const GRAPHQL_URL = '/api/graphql';

/** HTTP statuses that are retried (SESSION-RETRY). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([499, 500, 502]);
/** Default retry policy: 5 retries, 1000 ms apart (SESSION-RETRY). */
export const DEFAULT_RETRY = { retries: 5, delayMs: 1000 } as const;
/** The GraphQL error message of an authorisation failure (API-ERRORS). */
export const FORBIDDEN_MESSAGE = 'Forbidden resource';

export interface RetryPolicy {
  /** Retries after the first attempt (0 disables). */
  retries: number;
  /** Wait between attempts, in milliseconds. */
  delayMs: number;
}

/**
 * "Call with the token; when `refused(answer or error)` says the server refused it, refresh once
 * and replay once": the session's `authorizedFetch` (session/authorizedFetch.ts). `send` gets the
 * access token, or null when signed out.
 */
export type AuthorizedFetch = <R>(send: (token: string | null) => Promise<R>, refused?: (outcome: unknown) => boolean) => Promise<R>;

export interface NetworkDeps {
  /** The GraphQL endpoint, e.g. `/api/graphql`. */
  url: string;
  fetch: typeof fetch;
  /** Sends with the session's token and replays once after a refusal (the environment's token provider). */
  authorizedFetch: AuthorizedFetch;
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

    const answer = await deps.authorizedFetch(async (token): Promise<GraphQLAnswer> => {
      const response = await send(token);
      return { status: response.status, payload: await parseResponse(response) };
    }, isRefused);
    return answer.payload;
  };
}

/** One answer of the endpoint: its HTTP status and its GraphQL payload. */
interface GraphQLAnswer {
  status: number;
  payload: GraphQLPayload;
}

/** Whether the server refused the token: HTTP 401 or 403, or a `Forbidden resource` error (API-ERRORS). */
function isRefused(outcome: unknown): boolean {
  const answer = outcome as Partial<GraphQLAnswer> | null;
  if (typeof answer !== 'object' || answer === null || !answer.payload) return false;
  return answer.status === 401 || answer.status === 403 || (answer.payload.errors?.some((error) => error.message === FORBIDDEN_MESSAGE) ?? false);
}

type GraphQLPayload = GraphQLResponse & { errors?: { message: string }[] };

/** A GraphQL answer, or a GraphQL-shaped error for an HTTP failure without a JSON body. */
async function parseResponse(response: Response): Promise<GraphQLPayload> {
  const text = await response.text();
  try {
    const json = JSON.parse(text) as GraphQLPayload | { error?: { message?: string } };
    if ('data' in json || 'errors' in json) return json as GraphQLPayload;
    const message = (json as { error?: { message?: string } }).error?.message;
    return { data: null, errors: [{ message: message ?? `HTTP ${response.status}`, ...tooMany(response) }] } as unknown as GraphQLPayload;
  } catch {
    return { data: null, errors: [{ message: `HTTP ${response.status} ${response.statusText}`.trim(), ...tooMany(response) }] } as unknown as GraphQLPayload;
  }
}

/** A 429 outside GraphQL (SEC-LIMITS) as the code the forms read, with the `Retry-After` seconds. */
function tooMany(response: Response): { extensions?: { code: string; retryAfterSeconds: number | null } } {
  if (response.status !== 429) return {};
  const header = response.headers.get('retry-after');
  const seconds = header === null ? NaN : Number(header);
  const date = header === null ? NaN : Date.parse(header);
  const retryAfterSeconds = Number.isFinite(seconds) ? Math.ceil(seconds) : Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
  return { extensions: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds } };
}
