import type { RequestParameters } from 'relay-runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthorizedFetch } from '../session/authorizedFetch';
import { createFetchGraphQL, DEFAULT_RETRY, FORBIDDEN_MESSAGE, type NetworkDeps } from './network';

// Unit tests of the fetch function alone: the server is a scripted fake, time is fake.
const query = { id: 'q1', text: null, name: 'ViewerQuery', operationKind: 'query', cacheID: 'q1', metadata: {} } as unknown as RequestParameters;
const mutation = { ...query, id: 'm1', name: 'UpdateUserMutation', operationKind: 'mutation' } as unknown as RequestParameters;

type Answer = { status: number; body?: unknown };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(answers: Answer[] | ((call: number, token: string | null) => Answer), tokens: { current: string | null; next?: string | null }) {
  const calls: { token: string | null; at: number }[] = [];
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    const token = new Headers(init?.headers).get('authorization')?.replace('Bearer ', '') ?? null;
    calls.push({ token, at: Date.now() });
    const answer = typeof answers === 'function' ? answers(calls.length, token) : (answers[calls.length - 1] ?? answers[answers.length - 1]!);
    return answer.body === undefined ? new Response('upstream failed', { status: answer.status }) : json(answer.body, answer.status);
  });
  const forceRefresh = vi.fn(async (_rejected: string) => {
    tokens.current = tokens.next ?? null;
    return tokens.current;
  });
  const deps: NetworkDeps = {
    url: '/api/graphql',
    fetch: fetch as unknown as typeof globalThis.fetch,
    authorizedFetch: createAuthorizedFetch({ getAccessToken: async () => tokens.current, forceRefresh }),
  };
  return { fetchGraphQL: createFetchGraphQL(deps), fetch, forceRefresh, calls };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('retries', () => {
  it('retries HTTP 500 five times, 1000 ms apart, then reports the last answer', async () => {
    const { fetchGraphQL, calls } = setup([{ status: 500 }], { current: null });
    const result = fetchGraphQL(query, {});
    await vi.advanceTimersByTimeAsync(DEFAULT_RETRY.retries * DEFAULT_RETRY.delayMs + 10);
    const response = await result;
    expect(calls).toHaveLength(1 + DEFAULT_RETRY.retries);
    const gaps = calls.slice(1).map((call, i) => call.at - calls[i]!.at);
    expect(gaps).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect((response as { errors: { message: string }[] }).errors[0]!.message).toMatch(/500/);
  });

  it.each([499, 502])('retries HTTP %i and succeeds when the server recovers', async (status) => {
    const { fetchGraphQL, calls } = setup([{ status }, { status }, { status: 200, body: { data: { viewer: null } } }], { current: null });
    const result = fetchGraphQL(query, {});
    await vi.advanceTimersByTimeAsync(2000);
    expect(await result).toEqual({ data: { viewer: null } });
    expect(calls).toHaveLength(3);
  });

  it('does not retry other failures (503, 400)', async () => {
    for (const status of [503, 400]) {
      const { fetchGraphQL, calls } = setup([{ status, body: { errors: [{ message: 'no' }] } }], { current: null });
      await fetchGraphQL(query, {});
      expect(calls).toHaveLength(1);
    }
  });

  it('never retries a mutation', async () => {
    const { fetchGraphQL, calls } = setup([{ status: 500 }], { current: 'a1' });
    const result = fetchGraphQL(mutation, {});
    await vi.advanceTimersByTimeAsync(10_000);
    await result;
    expect(calls).toHaveLength(1);
  });

  it('takes a per-call override from networkCacheConfig.metadata.retry', async () => {
    const { fetchGraphQL, calls } = setup([{ status: 502 }], { current: null });
    const result = fetchGraphQL(query, {}, { metadata: { retry: { retries: 2, delayMs: 250 } } });
    await vi.advanceTimersByTimeAsync(600);
    await result;
    expect(calls).toHaveLength(3);
    expect(calls[2]!.at - calls[1]!.at).toBe(250);
  });

  it('reports a network failure at once, without retrying', async () => {
    const { fetchGraphQL, fetch } = setup([{ status: 200, body: {} }], { current: null });
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchGraphQL(query, {})).rejects.toThrow('Failed to fetch');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('replay', () => {
  it.each([401, 403])('refreshes once after HTTP %i and replays with the new token', async (status) => {
    const tokens = { current: 'old', next: 'new' };
    const { fetchGraphQL, calls, forceRefresh } = setup(
      (_n, token) => (token === 'old' ? { status, body: { error: { message: 'expired' } } } : { status: 200, body: { data: { ok: 1 } } }),
      tokens,
    );
    expect(await fetchGraphQL(query, {})).toEqual({ data: { ok: 1 } });
    expect(forceRefresh).toHaveBeenCalledOnce();
    expect(forceRefresh).toHaveBeenCalledWith('old');
    expect(calls.map((c) => c.token)).toEqual(['old', 'new']);
  });

  it('passes a 401 through when there are no credentials', async () => {
    const { fetchGraphQL, calls, forceRefresh } = setup([{ status: 401, body: { errors: [{ message: 'Unauthorized' }] } }], { current: null });
    expect(await fetchGraphQL(query, {})).toEqual({ errors: [{ message: 'Unauthorized' }] });
    expect(forceRefresh).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  it('does not loop when the replay is refused too', async () => {
    const { fetchGraphQL, calls, forceRefresh } = setup([{ status: 401, body: { errors: [{ message: 'Unauthorized' }] } }], { current: 'old', next: 'new' });
    await fetchGraphQL(query, {});
    expect(forceRefresh).toHaveBeenCalledOnce();
    expect(calls).toHaveLength(2);
  });

  it('refreshes and retries once after a Forbidden resource error for a signed-in user', async () => {
    const tokens = { current: 'old', next: 'new' };
    const forbidden = { data: { viewer: null }, errors: [{ message: FORBIDDEN_MESSAGE, extensions: { code: 'FORBIDDEN' } }] };
    const { fetchGraphQL, calls, forceRefresh } = setup(
      (_n, token) => (token === 'old' ? { status: 200, body: forbidden } : { status: 200, body: { data: { viewer: { id: 'u' } } } }),
      tokens,
    );
    expect(await fetchGraphQL(query, {})).toEqual({ data: { viewer: { id: 'u' } } });
    expect(forceRefresh).toHaveBeenCalledOnce();
    expect(calls).toHaveLength(2);
  });

  it('answers a Forbidden resource error as it is for a visitor', async () => {
    const forbidden = { data: null, errors: [{ message: FORBIDDEN_MESSAGE }] };
    const { fetchGraphQL, forceRefresh } = setup([{ status: 200, body: forbidden }], { current: null });
    expect(await fetchGraphQL(query, {})).toEqual(forbidden);
    expect(forceRefresh).not.toHaveBeenCalled();
  });

  it('sends persisted operations by id', async () => {
    const { fetchGraphQL, fetch } = setup([{ status: 200, body: { data: {} } }], { current: 't' });
    await fetchGraphQL(query, { a: 1 });
    const body = JSON.parse(String((fetch.mock.calls[0]![1] as RequestInit).body));
    expect(body).toEqual({ operationName: 'ViewerQuery', variables: { a: 1 }, extensions: { persistedQuery: { version: 1, sha256Hash: 'q1' } } });
  });
});

describe('a 429 outside GraphQL (SEC-LIMITS)', () => {
  it('becomes TOO_MANY_REQUESTS with the Retry-After seconds, which the forms turn into minutes', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Rate limit exceeded' } }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '95' },
        }),
    );
    const deps: NetworkDeps = {
      url: '/api/graphql',
      fetch: fetch as unknown as typeof globalThis.fetch,
      authorizedFetch: createAuthorizedFetch({ getAccessToken: async () => null, forceRefresh: async () => null }),
    };
    const response = (await createFetchGraphQL(deps)(mutation, {})) as { errors: { message: string; extensions?: Record<string, unknown> }[] };
    expect(response.errors[0]).toEqual({ message: 'Rate limit exceeded', extensions: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 95 } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('without a readable Retry-After still says TOO_MANY_REQUESTS (no number)', async () => {
    const fetch = vi.fn(async () => new Response('slow down', { status: 429 }));
    const deps: NetworkDeps = {
      url: '/api/graphql',
      fetch: fetch as unknown as typeof globalThis.fetch,
      authorizedFetch: createAuthorizedFetch({ getAccessToken: async () => null, forceRefresh: async () => null }),
    };
    const response = (await createFetchGraphQL(deps)(mutation, {})) as { errors: { extensions?: Record<string, unknown> }[] };
    expect(response.errors[0]!.extensions).toEqual({ code: 'TOO_MANY_REQUESTS', retryAfterSeconds: null });
  });
});
