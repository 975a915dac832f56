import { describe, expect, it, vi } from 'vitest';

// Two "tabs": two instances of the module, each with its own BroadcastChannel on `studio-few-tabs`.
async function tab() {
  vi.resetModules();
  return import('./events');
}

describe('app events', () => {
  it('reach this tab at once and other tabs through the channel', async () => {
    const tabA = await tab();
    const tabB = await tab();
    const inA = vi.fn();
    const inB = vi.fn();
    tabA.onAppEvent('toggle-theme', inA);
    tabB.onAppEvent('toggle-theme', inB);
    tabA.emitAppEvent({ type: 'toggle-theme', theme: 'dark' });
    expect(inA).toHaveBeenCalledWith({ type: 'toggle-theme', theme: 'dark' }, 'this-tab');
    await vi.waitFor(() => expect(inB).toHaveBeenCalledWith({ type: 'toggle-theme', theme: 'dark' }, 'other-tab'));
    expect(inA).toHaveBeenCalledOnce(); // no echo of its own message
  });

  it('keeps an event in this tab when crossTab is false, and stops after unsubscribe', async () => {
    const tabA = await tab();
    const tabB = await tab();
    const inB = vi.fn();
    const off = tabB.onAppEvent('refetch-transactions', inB);
    tabA.emitAppEvent({ type: 'refetch-transactions' }, { crossTab: false });
    off();
    tabA.emitAppEvent({ type: 'refetch-transactions' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(inB).not.toHaveBeenCalled();
  });
});
