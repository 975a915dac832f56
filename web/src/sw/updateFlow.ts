/**
 * The update flow of the service worker (SITE-SW), free of browser globals so it can be tested:
 * - when a new worker is installed and waiting (found by this tab's periodic update check, by the
 *   browser's own check on navigation, or by another tab), the prompt shows once;
 * - "Reload" asks the waiting worker to skip waiting;
 * - when the controller changes in a tab that was already controlled, that tab reloads exactly
 *   once: a flag stops a second reload in the same document, and a time kept in sessionStorage
 *   stops a reload within `RELOAD_GUARD_MS` of the previous one (no loop even if a broken
 *   deployment keeps replacing workers). The first worker claiming an uncontrolled tab (the first
 *   visit) does not reload it; later changes in that tab do.
 */

/** Minimum time between two reloads caused by a worker change (SITE-SW), in ms. */
export const SW_RELOAD_GUARD_MS = 10_000;
/** The sessionStorage key of the time of the last such reload. */
export const SW_RELOAD_GUARD_KEY = 'studio.sw-reload-at';

/** The part of workbox-window's `Workbox` the flow uses. */
export interface WorkerRegistration {
  addEventListener(type: 'waiting', listener: () => void): void;
  messageSkipWaiting(): void;
  update(): Promise<void>;
}

/** The part of `navigator.serviceWorker` the flow uses. */
export interface WorkerContainer {
  readonly controller: unknown;
  addEventListener(type: 'controllerchange', listener: () => void): void;
}

export interface UpdateFlowOptions {
  workbox: WorkerRegistration;
  container: WorkerContainer;
  /** Shows the prompt; calls `onReload` when the visitor asks for the new version. */
  showPrompt(onReload: () => void): void;
  reload(): void;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => number;
}

export interface UpdateFlow {
  /** Asks the browser to look for a new `/sw.js` now (errors, e.g. offline, are ignored). */
  checkForUpdate(): Promise<void>;
}

/** Wires the flow on `workbox` (before its `register()`, so no event is missed). */
export function createUpdateFlow(options: UpdateFlowOptions): UpdateFlow {
  const now = options.now ?? Date.now;
  let controlled = Boolean(options.container.controller);
  let prompted = false;
  let reloading = false;

  options.workbox.addEventListener('waiting', () => {
    if (prompted) return;
    prompted = true;
    options.showPrompt(() => options.workbox.messageSkipWaiting());
  });

  options.container.addEventListener('controllerchange', () => {
    // The first worker claiming an uncontrolled page is no update.
    if (!controlled) {
      controlled = true;
      return;
    }
    if (reloading) return;
    const last = Number(options.storage.getItem(SW_RELOAD_GUARD_KEY) ?? 0);
    if (Number.isFinite(last) && now() - last < SW_RELOAD_GUARD_MS) return;
    reloading = true;
    options.storage.setItem(SW_RELOAD_GUARD_KEY, String(now()));
    options.reload();
  });

  return {
    async checkForUpdate() {
      try {
        await options.workbox.update();
      } catch {
        // Offline or the server is down: the next check tries again.
      }
    },
  };
}
