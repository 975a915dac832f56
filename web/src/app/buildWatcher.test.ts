import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBuildWatcher, isChunkLoadError, RELOAD_GUARD_KEY, RELOAD_GUARD_MS } from './buildWatcher';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), map };
}

function setup(latestId: string | (() => string)) {
  const fetch = vi.fn(async (url: string) => {
    expect(url).toMatch(/^\/_build\/latest\.json\?t=\d+$/);
    return new Response(JSON.stringify({ id: typeof latestId === 'function' ? latestId() : latestId }), { status: 200 });
  });
  const storage = memoryStorage();
  const reload = vi.fn();
  const watcher = createBuildWatcher({ currentBuildId: 'b1', intervalMs: 60_000, fetch: fetch as unknown as typeof globalThis.fetch, storage, reload });
  return { watcher, fetch, storage, reload };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('new-build detection', () => {
  it('polls the latest-build descriptor at the configured interval', async () => {
    const { watcher, fetch } = setup('b1');
    const stop = watcher.start();
    await vi.advanceTimersByTimeAsync(60_000 * 3);
    expect(fetch).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(60_000 * 3);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('reloads once when a chunk fails and a newer build exists', async () => {
    const { watcher, reload, storage } = setup('b2');
    expect(await watcher.onChunkError()).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.map.get(RELOAD_GUARD_KEY)).toBe(String(Date.now()));
  });

  it('does not reload when the failing chunk belongs to the current build', async () => {
    const { watcher, reload } = setup('b1');
    expect(await watcher.onChunkError()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload again within the 10-second guard window, and does after it', async () => {
    const { watcher, reload } = setup('b2');
    await watcher.onChunkError();
    await vi.advanceTimersByTimeAsync(RELOAD_GUARD_MS - 1);
    expect(await watcher.onChunkError()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await watcher.onChunkError()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('treats an unreachable descriptor as "no newer build"', async () => {
    const { watcher, fetch, reload } = setup('b2');
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await watcher.onChunkError()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('isChunkLoadError', () => {
  it('recognises failed dynamic imports in Chromium, Firefox and Safari', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
