import { describe, expect, it, vi } from 'vitest';
import { createSignOut } from './logout';

describe('sign-out', () => {
  it('awaits a sign-out that is already running instead of repeating it', async () => {
    let finishRequest!: () => void;
    const request = vi.fn(() => new Promise<void>((resolve) => (finishRequest = resolve)));
    const clearLocal = vi.fn();
    const signOut = createSignOut({ request, clearLocal });
    const first = signOut();
    const second = signOut();
    expect(second).toBe(first);
    expect(request).toHaveBeenCalledOnce();
    expect(clearLocal).not.toHaveBeenCalled(); // the server call comes first
    finishRequest();
    await Promise.all([first, second]);
    expect(clearLocal).toHaveBeenCalledOnce();
  });

  it('always clears local data, even when the server call fails', async () => {
    const error = new Error('offline');
    const onRequestError = vi.fn();
    const clearLocal = vi.fn();
    const signOut = createSignOut({ request: () => Promise.reject(error), clearLocal, onRequestError });
    await expect(signOut()).resolves.toBeUndefined();
    expect(onRequestError).toHaveBeenCalledWith(error);
    expect(clearLocal).toHaveBeenCalledOnce();
  });

  it('asks the server even for a local sign-out (only it can clear the HttpOnly cookie), saying so', async () => {
    const request = vi.fn(async () => {});
    await createSignOut({ request, clearLocal: () => {} })({ local: true });
    expect(request).toHaveBeenCalledWith({ local: true });
  });

  it('starts a new sign-out after the previous one finished', async () => {
    const request = vi.fn(async () => {});
    const signOut = createSignOut({ request, clearLocal: () => {} });
    await signOut();
    await signOut();
    expect(request).toHaveBeenCalledTimes(2);
  });
});
