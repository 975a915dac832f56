/**
 * Persisted operations: the map `{ id: text }` the Relay compiler writes
 * (relay.config.json `persistConfig`, SHA-256 ids). Loaded lazily and reloaded when the
 * file changes, so `pnpm dev` picks up newly compiled queries without a restart.
 */
import { readFileSync, statSync } from 'node:fs';

export class PersistedOperations {
  private map: Record<string, string> = {};
  private mtimeMs = -1;

  constructor(private readonly file: string) {}

  private refresh(): void {
    try {
      const { mtimeMs } = statSync(this.file);
      if (mtimeMs === this.mtimeMs) return;
      this.map = JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, string>;
      this.mtimeMs = mtimeMs;
    } catch {
      // No file yet (web not compiled): no persisted operations.
    }
  }

  /** The document text of persisted operation `id`, or null when unknown. */
  get(id: string): string | null {
    if (!(id in this.map)) this.refresh();
    return this.map[id] ?? null;
  }
}
