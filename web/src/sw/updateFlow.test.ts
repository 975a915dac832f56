import { describe, expect, it, vi } from 'vitest';
import { SW_RELOAD_GUARD_KEY, SW_RELOAD_GUARD_MS, createUpdateFlow } from './updateFlow';

/** A fake Workbox and container whose events the test fires. */
function setup(options: { controlled: boolean; storage?: Map<string, string>; now?: () => number }) {
  const listeners = { waiting: [] as Array<() => void>, controllerchange: [] as Array<() => void> };
  const workbox = {
    addEventListener: (_type: 'waiting', listener: () => void) => listeners.waiting.push(listener),
    messageSkipWaiting: vi.fn(),
    update: vi.fn(async () => {}),
  };
  const container = {
    controller: options.controlled ? {} : null,
    addEventListener: (_type: 'controllerchange', listener: () => void) => listeners.controllerchange.push(listener),
  };
  const store = options.storage ?? new Map<string, string>();
  const storage = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) };
  const prompts: Array<() => void> = [];
  const reload = vi.fn();
  const flow = createUpdateFlow({ workbox, container, storage, reload, showPrompt: (onReload) => prompts.push(onReload), now: options.now });
  return {
    flow,
    workbox,
    prompts,
    reload,
    store,
    waiting: () => listeners.waiting.forEach((l) => l()),
    controllerChange: () => listeners.controllerchange.forEach((l) => l()),
  };
}

describe('service worker update flow (SITE-SW)', () => {
  it('prompts once when a new worker waits, and Reload asks it to skip waiting', () => {
    const t = setup({ controlled: true });
    expect(t.prompts).toHaveLength(0);
    t.waiting();
    t.waiting();
    expect(t.prompts).toHaveLength(1);
    expect(t.workbox.messageSkipWaiting).not.toHaveBeenCalled();
    t.prompts[0]!();
    expect(t.workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  it('reloads a controlled tab exactly once when the controller changes', () => {
    const t = setup({ controlled: true, now: () => 100_000 });
    t.controllerChange();
    t.controllerChange();
    expect(t.reload).toHaveBeenCalledTimes(1);
    expect(t.store.get(SW_RELOAD_GUARD_KEY)).toBe('100000');
  });

  it('does not reload when the first worker claims an uncontrolled tab, but does on the next change', () => {
    const t = setup({ controlled: false });
    t.controllerChange();
    expect(t.reload).not.toHaveBeenCalled();
    t.controllerChange();
    expect(t.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again within the guard window after a reload (no loop)', () => {
    const storage = new Map([[SW_RELOAD_GUARD_KEY, String(100_000)]]);
    const soon = setup({ controlled: true, storage, now: () => 100_000 + SW_RELOAD_GUARD_MS - 1 });
    soon.controllerChange();
    expect(soon.reload).not.toHaveBeenCalled();
    const later = setup({ controlled: true, storage, now: () => 100_000 + SW_RELOAD_GUARD_MS });
    later.controllerChange();
    expect(later.reload).toHaveBeenCalledTimes(1);
  });

  it('asks for a new worker on demand and ignores a failed check (offline)', async () => {
    const t = setup({ controlled: true });
    await t.flow.checkForUpdate();
    expect(t.workbox.update).toHaveBeenCalledTimes(1);
    t.workbox.update.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(t.flow.checkForUpdate()).resolves.toBeUndefined();
  });
});
