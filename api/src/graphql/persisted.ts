/**
 * Persisted operations: the map `{ id: text }` the Relay compiler writes
 * (relay.config.json `persistConfig`, SHA-256 ids). Loaded lazily and reloaded when the
 * file changes, so `pnpm dev` picks up newly compiled queries without a restart.
 */
import { readFileSync, statSync } from 'node:fs';

export class PersistedOperations {
  private map = new Map<string, string>();
  private mtimeMs = -1;

  constructor(private readonly file: string) {}

  private refresh(): void {
    try {
      const { mtimeMs } = statSync(this.file);
      if (mtimeMs === this.mtimeMs) return;
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, unknown>;
      this.map = new Map(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
      this.mtimeMs = mtimeMs;
    } catch {
      // No file yet (web not compiled): no persisted operations.
    }
  }

  /** The document text of persisted operation `id`, or null when unknown. */
  get(id: string): string | null {
    if (!this.map.has(id)) this.refresh();
    return this.map.get(id) ?? null;
  }
}
