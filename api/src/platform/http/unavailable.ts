/**
 * Faults of the server's own storage — a full or read-only disk, a database that is away — told
 * apart from bugs (API-ERRORS, SITE-UNAVAILABLE): they answer 503 Service Unavailable with a
 * `Retry-After` and a message that says what happened, where a bug answers 500, and they are logged
 * once with the path (file or database) that failed, so an operator knows where to look.
 *
 * Recognised: Node file-system errors (ENOSPC, EDQUOT, EROFS, EACCES, EPERM, EIO with their
 * `path`), SQLite's SQLITE_FULL / SQLITE_READONLY* / SQLITE_IOERR* / SQLITE_CANTOPEN* (path: the
 * database file), and PostgreSQL's disk_full 53100, read_only_sql_transaction 25006, the
 * connection-exception class 08, admin/crash shutdown 57P01–57P03, and a connection refused, reset
 * or dropped by the server ("Connection terminated").
 */

/** What a storage fault means for the client: the code, the English message, the path to log. */
export interface StorageFault {
  code: 'STORAGE_FULL' | 'STORAGE_READ_ONLY' | 'DATABASE_UNAVAILABLE';
  message: string;
  /** The file, directory or database that failed (for the log; never sent to the client). */
  path: string;
}

/** Seconds a client should wait before trying again after a storage fault. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

const MESSAGES: Record<StorageFault['code'], string> = {
  STORAGE_FULL: 'The server is out of disk space, so nothing was saved. Please try again later.',
  STORAGE_READ_ONLY: 'The server cannot write its data right now, so nothing was saved. Please try again later.',
  DATABASE_UNAVAILABLE: 'The server cannot reach its database right now. Please try again in a moment.',
};

const FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);
const CONNECTION = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03']);

/** Where the database lives, for the log: the SQLite file, or the PostgreSQL host and database (no password). */
export function databaseLabel(database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string }): string {
  if (database.kind === 'sqlite') return database.file;
  try {
    const url = new URL(database.url);
    return `postgres://${url.host}${url.pathname}`;
  } catch {
    return 'postgres';
  }
}

/**
 * Classifies `error` (anything thrown), looking through `cause` chains (GraphQL wraps the
 * original error). `databasePath` names the database in the result.
 * @returns the fault, or null when `error` is not a storage fault.
 */
export function storageFault(error: unknown, databasePath: string): StorageFault | null {
  for (
    let e = error as { code?: unknown; path?: unknown; message?: unknown; cause?: unknown; originalError?: unknown } | null, depth = 0;
    e && depth < 5;
    depth += 1
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    const path = typeof e.path === 'string' ? e.path : databasePath;
    const fault = (kind: StorageFault['code']): StorageFault => ({ code: kind, message: MESSAGES[kind], path });
    if (FULL.has(code)) return fault('STORAGE_FULL');
    if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM' || code === 'EIO' || code === '25006') return fault('STORAGE_READ_ONLY');
    if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN')) return fault('STORAGE_READ_ONLY');
    if (CONNECTION.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return { ...fault('DATABASE_UNAVAILABLE'), path: databasePath };
    if (
      typeof e.message === 'string' &&
      /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(e.message)
    ) {
      return { ...fault('DATABASE_UNAVAILABLE'), path: databasePath };
    }
    e = (e.originalError ?? e.cause) as typeof e;
  }
  return null;
}
