// "Call with the token; on refusal refresh once and replay once" (SESSION-REFRESH), over fake tokens.
import { describe, expect, it, vi } from 'vitest';
import { createAuthorizedFetch, isUnauthorized, refreshAfterRefusal } from './authorizedFetch';

function tokens(current: string | null, renewed: string | null) {
  return { getAccessToken: vi.fn(async () => current), forceRefresh: vi.fn(async (_rejected: string) => renewed) };
}

describe('authorizedFetch', () => {
  it('sends with the token and answers at once when the server takes it', async () => {
    const source = tokens('t1', 't2');
    const send = vi.fn(async (token: string | null) => ({ status: 200, token }));
    expect(await createAuthorizedFetch(source)(send)).toEqual({ status: 200, token: 't1' });
    expect(source.forceRefresh).not.toHaveBeenCalled();
  });

  it('refreshes once after a 401 answer and replays once with the new token', async () => {
    const source = tokens('t1', 't2');
    const send = vi.fn(async (token: string | null) => ({ status: token === 't1' ? 401 : 200, token }));
    expect(await createAuthorizedFetch(source)(send)).toEqual({ status: 200, token: 't2' });
    expect(source.forceRefresh).toHaveBeenCalledExactlyOnceWith('t1');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('refreshes after an error with status 401 too, and throws the replay’s error', async () => {
    const source = tokens('t1', 't2');
    const refused = Object.assign(new Error('refused'), { status: 401 });
    const send = vi.fn(async () => Promise.reject(refused));
    await expect(createAuthorizedFetch(source)(send)).rejects.toBe(refused);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('keeps the refused outcome when the session ended, and replays at most once', async () => {
    const ended = tokens('t1', null);
    const send = vi.fn(async () => ({ status: 401 }));
    expect(await createAuthorizedFetch(ended)(send)).toEqual({ status: 401 });
    expect(send).toHaveBeenCalledOnce();
    const renewed = tokens('t1', 't2');
    await createAuthorizedFetch(renewed)(send);
    expect(renewed.forceRefresh).toHaveBeenCalledOnce();
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('never refreshes for a call sent without a token', async () => {
    const source = tokens(null, 't2');
    const send = vi.fn(async (token: string | null) => ({ status: 401, token }));
    expect(await createAuthorizedFetch(source)(send)).toEqual({ status: 401, token: null });
    expect(source.forceRefresh).not.toHaveBeenCalled();
  });

  it('takes the caller’s test of a refusal', async () => {
    const source = tokens('t1', 't2');
    const send = vi.fn(async (token: string | null) => ({ status: 200, forbidden: token === 't1' }));
    const answer = await createAuthorizedFetch(source)(send, (outcome) => (outcome as { forbidden?: boolean }).forbidden === true);
    expect(answer).toEqual({ status: 200, forbidden: false });
  });

  it('lets a failed refresh (server unreachable) throw', async () => {
    const source = { getAccessToken: async () => 't1', forceRefresh: () => Promise.reject(new TypeError('Failed to fetch')) };
    await expect(createAuthorizedFetch(source)(async () => ({ status: 401 }))).rejects.toThrow('Failed to fetch');
  });
});

describe('isUnauthorized', () => {
  it('reads status 401 of answers and errors alike', () => {
    expect(isUnauthorized(new Response(null, { status: 401 }))).toBe(true);
    expect(isUnauthorized({ status: 403 })).toBe(false);
    expect(isUnauthorized(new Error('x'))).toBe(false);
    expect(isUnauthorized(null)).toBe(false);
  });
});

describe('refreshAfterRefusal', () => {
  it('answers whether the session goes on after one refresh', async () => {
    const renewed = tokens('t1', 't2');
    expect(await refreshAfterRefusal(renewed)).toBe(true);
    expect(renewed.forceRefresh).toHaveBeenCalledExactlyOnceWith('t1');
    expect(await refreshAfterRefusal(tokens('t1', null))).toBe(false);
    const signedOut = tokens(null, 't2');
    expect(await refreshAfterRefusal(signedOut)).toBe(false);
    expect(signedOut.forceRefresh).not.toHaveBeenCalled();
  });
});
