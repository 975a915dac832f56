/**
 * New-build detection and the chunk-load guard (SITE-BUILD):
 * - every `intervalMs` (default 10 minutes, setting BUILD_POLL_INTERVAL_MS) the app GETs the
 *   latest-build descriptor `/_build/latest.json?t=<timestamp>` and reads its `id`;
 * - when a page chunk fails to load and a newer build exists, the page reloads once; a
 *   10-second window kept in sessionStorage prevents reload loops.
 */

/** Reload-loop guard window (SITE-BUILD), in milliseconds. */
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_GUARD_KEY = 'studio.chunk-reload-at';
export const LATEST_BUILD_URL = '/_build/latest.json';
export const DEFAULT_BUILD_POLL_INTERVAL_MS = 10 * 60 * 1000;

export interface BuildWatcherOptions {
  /** The id of the build this page runs (baked in at build time). */
  currentBuildId: string;
  intervalMs: number;
  fetch: typeof fetch;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload(): void;
  now?: () => number;
  descriptorUrl?: string;
}

export interface BuildWatcher {
  /** Starts polling; answers a function that stops it. */
  start(): () => void;
  /** Asks the server now; true when a newer build is deployed. Network failures count as "no". */
  check(): Promise<boolean>;
  /** Handles a failed chunk load: reloads once when a newer build exists; answers whether it reloaded. */
  onChunkError(): Promise<boolean>;
}

export function createBuildWatcher(options: BuildWatcherOptions): BuildWatcher {
  const now = options.now ?? Date.now;
  const url = options.descriptorUrl ?? LATEST_BUILD_URL;
  let latestId: string | null = null;

  const check = async () => {
    try {
      const response = await options.fetch(`${url}?t=${now()}`, { cache: 'no-store', headers: { accept: 'application/json' } });
      if (!response.ok) return false;
      const descriptor = (await response.json()) as { id?: unknown };
      if (typeof descriptor.id === 'string') latestId = descriptor.id;
    } catch {
      return latestId !== null && latestId !== options.currentBuildId;
    }
    return latestId !== null && latestId !== options.currentBuildId;
  };

  return {
    check,
    start() {
      const timer = setInterval(() => void check(), Math.max(1000, options.intervalMs));
      return () => clearInterval(timer);
    },
    async onChunkError() {
      const newer = latestId !== null && latestId !== options.currentBuildId ? true : await check();
      if (!newer) return false;
      const last = Number(options.storage.getItem(RELOAD_GUARD_KEY) ?? 0);
      if (Number.isFinite(last) && now() - last < RELOAD_GUARD_MS) return false;
      options.storage.setItem(RELOAD_GUARD_KEY, String(now()));
      options.reload();
      return true;
    },
  };
}

/** Whether `error` is a failed dynamic import of a page chunk (messages of Chromium, Firefox and Safari). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

let installed: BuildWatcher | null = null;

/** The page's watcher (set up by entry-client); null on the server and in tests. */
export function getBuildWatcher(): BuildWatcher | null {
  return installed;
}

/** Creates, starts and remembers the page's watcher, and reloads on Vite's preload errors. */
export function installBuildWatcher(options: BuildWatcherOptions): BuildWatcher {
  installed = createBuildWatcher(options);
  installed.start();
  window.addEventListener('vite:preloadError', () => void installed?.onChunkError());
  return installed;
}
