import type { CompiledQuery, DatabaseConnection, Driver, QueryResult, TransactionSettings } from 'kysely';

/**
 * A query outside a transaction that failed because PostgreSQL ended its connection (an
 * administrator's pg_terminate_backend, a restart, a failover) runs again on another connection,
 * when it certainly did not take effect: the server answered that it aborted it (57P01-57P03), or
 * the client never sent it (the connection was already broken), or it only reads. A write whose
 * connection just vanished may have committed and is not repeated (a submission must never be
 * stored twice), nor is anything inside a transaction (it is lost as a whole): those fail as
 * DatabaseConnectionLost, which the caller is told about plainly (plugins/errors.ts, 503).
 * Found by tests/api/faults.test.ts: the requests in flight when the connections were cut
 * answered 500.
 */
const TRIES = 5;

/** The server aborted the statement and ended the session: the statement did not take effect. */
const ABORTED = new Set(['57P01', '57P02', '57P03']);
/** node-postgres refused to send on a connection it knows is broken. */
const NOT_SENT = /not queryable/;
/** The connection closed under the statement: whether it ran is not known. */
const CUT = /^Connection terminated/;
const CUT_CODES = new Set(['ECONNRESET', 'EPIPE']);

type Loss = 'not run' | 'unknown';

/** How a failed statement was lost with its connection; null: it failed for another reason. */
function lossOf(err: unknown): Loss | null {
  if (!(err instanceof Error)) return null;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && ABORTED.has(code)) return 'not run';
  if (NOT_SENT.test(err.message)) return 'not run';
  if (CUT.test(err.message) || (typeof code === 'string' && CUT_CODES.has(code))) return 'unknown';
  return null;
}

const mayRunAgain = (loss: Loss | null, query: CompiledQuery): boolean =>
  loss === 'not run' || (loss === 'unknown' && /^\s*select\b/i.test(query.sql));

/** A statement lost with its connection and not run again: it may or may not have taken effect. */
export class DatabaseConnectionLost extends Error {
  constructor(cause: unknown) {
    super('the connection to the database was lost', { cause });
    this.name = 'DatabaseConnectionLost';
  }
}

class ReconnectingConnection implements DatabaseConnection {
  inTransaction = false;
  /** null once given back early (below) */
  #inner: DatabaseConnection | null;

  constructor(
    inner: DatabaseConnection,
    private readonly driver: Driver,
  ) {
    this.#inner = inner;
  }

  get inner(): DatabaseConnection {
    if (!this.#inner) throw new Error('the connection was given back');
    return this.#inner;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const inner = this.#inner;
    if (!inner) return this.elsewhere<R>(query, null);
    try {
      return await inner.executeQuery<R>(query);
    } catch (err) {
      const loss = lossOf(err);
      if (!loss) throw err;
      if (this.inTransaction || !mayRunAgain(loss, query)) throw new DatabaseConnectionLost(err);
      // the broken connection goes back first (the pool drops it): every request holding one
      // while it waits for another could take the whole pool
      this.#inner = null;
      await this.driver.releaseConnection(inner);
      return this.elsewhere<R>(query, err);
    }
  }

  private async elsewhere<R>(query: CompiledQuery, failure: unknown): Promise<QueryResult<R>> {
    let last = failure;
    for (let i = 0; i < TRIES; i++) {
      const fresh = await this.driver.acquireConnection();
      try {
        return await fresh.executeQuery<R>(query);
      } catch (err) {
        const loss = lossOf(err);
        if (!loss) throw err;
        if (!mayRunAgain(loss, query)) throw new DatabaseConnectionLost(err);
        last = err;
      } finally {
        await this.driver.releaseConnection(fresh);
      }
    }
    throw new DatabaseConnectionLost(last);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  /** Gives the connection back to the pool, unless that was done already. */
  async release(): Promise<void> {
    const inner = this.#inner;
    this.#inner = null;
    if (inner) await this.driver.releaseConnection(inner);
  }
}

/** Kysely's PostgreSQL driver with the retry above on each connection it hands out. */
export class ReconnectingDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new ReconnectingConnection(await this.inner.acquireConnection(), this.inner);
  }

  /*
   * BEGIN, COMMIT and ROLLBACK go through the connection above too (Kysely's driver only runs them
   * as statements on it): marked as in a transaction first, so none is run elsewhere and a lost one
   * ends as DatabaseConnectionLost, like the statements between them.
   */
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as ReconnectingConnection;
    c.inTransaction = true;
    await this.inner.beginTransaction(c, settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as ReconnectingConnection;
    try {
      await this.inner.commitTransaction(c);
    } finally {
      c.inTransaction = false;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as ReconnectingConnection;
    try {
      await this.inner.rollbackTransaction(c);
    } finally {
      c.inTransaction = false;
    }
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return (connection as ReconnectingConnection).release();
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
