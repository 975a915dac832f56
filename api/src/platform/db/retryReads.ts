/**
 * A PostgreSQL dialect whose plain reads survive one lost connection: a SELECT outside a
 * transaction that fails because its pooled connection died (the server restarted, or
 * `pg_terminate_backend`) runs once more on a fresh connection. Reads change nothing, so running
 * one twice is safe; writes and anything inside a transaction are never repeated (the caller gets
 * the error, which the server answers with 503 DATABASE_UNAVAILABLE, SITE-UNAVAILABLE).
 */
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  PostgresDialect,
  type PostgresDialectConfig,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** True when `error` says the connection itself is gone (not that the query was wrong). */
export function isLostConnection(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code === '57P01' || code === '57P02' || code === 'ECONNRESET' || code === 'EPIPE' || /^08/.test(code)) return true;
  return typeof e?.message === 'string' && /^Connection terminated|Client has encountered a connection error|Connection is not open/.test(e.message);
}

class ReadRetryingConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly driver: Driver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.inner.executeQuery<R>(query);
    } catch (error) {
      if (this.inTransaction || query.query.kind !== 'SelectQueryNode' || !isLostConnection(error)) throw error;
      const fresh = await this.driver.acquireConnection();
      try {
        return await fresh.executeQuery<R>(query);
      } finally {
        await this.driver.releaseConnection(fresh);
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class ReadRetryingDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init = () => this.inner.init();
  destroy = () => this.inner.destroy();

  async acquireConnection(): Promise<DatabaseConnection> {
    return new ReadRetryingConnection(await this.inner.acquireConnection(), this.inner);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection((connection as ReadRetryingConnection).inner);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    (connection as ReadRetryingConnection).inTransaction = true;
    await this.inner.beginTransaction((connection as ReadRetryingConnection).inner, settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.commitTransaction((connection as ReadRetryingConnection).inner);
    } finally {
      (connection as ReadRetryingConnection).inTransaction = false;
    }
  }

  /** A ROLLBACK on a connection that is gone is moot (the server ended the transaction): the caller sees the original error. */
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.rollbackTransaction((connection as ReadRetryingConnection).inner);
    } catch (error) {
      if (!isLostConnection(error)) throw error;
    } finally {
      (connection as ReadRetryingConnection).inTransaction = false;
    }
  }
}

/** Kysely's PostgresDialect with ReadRetryingDriver around its driver. */
export class ReadRetryingPostgresDialect extends PostgresDialect {
  constructor(config: PostgresDialectConfig) {
    super(config);
  }

  override createDriver(): Driver {
    return new ReadRetryingDriver(super.createDriver());
  }
}
