/**
 * Kysely's driver for PGlite, with named prepared statements (docs/performance.md, "Prepared
 * statements on PGlite").
 *
 * PGlite runs PostgreSQL inside this process, so a statement costs no network, but every
 * `query` parses, analyses and plans its SQL again and makes six calls into the engine
 * (parse, describe, bind, describe, execute, sync). The service sends the same few hundred
 * statement texts over and over, so this driver prepares a text under a name the second time
 * it sees it, and from then on only binds and executes it: PostgreSQL's plan cache keeps the
 * plan. Measured on a data folder, that makes a primary-key select about three times, and the
 * booking facts statement about four times, cheaper.
 *
 * The driver owns the session: BEGIN, COMMIT and ROLLBACK are plain statements on it. Callers
 * must not share the connection between transactions; connect.ts queues them
 * (SerializedDriver), one at a time, as PGlite has one session.
 */
import { PGlite, parse, protocol, type Results } from '@electric-sql/pglite';
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, type TransactionSettings } from 'kysely';

const serialize = protocol.serialize;

/** Beyond this many prepared texts, new texts run unprepared (each holds a plan in the engine's memory). */
const MAX_PREPARED = 1000;

/** A text is prepared when it is seen the second time: one-off statements stay unnamed. */
const PREPARE_AFTER = 2;

interface Prepared {
  name: string;
  /** The parameter types PostgreSQL inferred, to serialise the values as PGlite's own query does. */
  paramTypes: number[];
}

/** "cached plan must not change result type": a table under a prepared `select *` changed shape. */
const PLAN_SHAPE_CHANGED = '0A000';

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  readonly #prepared = new Map<string, Prepared>();
  readonly #seen = new Map<string, number>();
  #inTransaction = false;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const results = await this.#run(query.sql, query.parameters);
    const { affectedRows, rows } = results;
    return { numAffectedRows: affectedRows != null ? BigInt(affectedRows) : undefined, rows: (rows ?? []) as R[] };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }

  /** BEGIN/COMMIT/ROLLBACK also tell the connection whether it is inside a transaction. */
  async control(sql: string, inTransactionAfter: boolean): Promise<void> {
    try {
      await this.#run(sql, []);
    } finally {
      this.#inTransaction = inTransactionAfter;
    }
  }

  async #run(sql: string, params: readonly unknown[]): Promise<Results> {
    // PGlite's own mutex for one exchange of messages, which its `query` takes too.
    const results = await this.#pglite._runExclusiveQuery(async () => {
      const prepared = await this.#preparedFor(sql);
      try {
        return prepared ? await this.#execute(prepared, params) : null;
      } catch (err) {
        // Outside a transaction nothing is lost by running the text afresh; inside one, the
        // error has aborted the transaction and is the caller's.
        if (this.#inTransaction || (err as { code?: string }).code !== PLAN_SHAPE_CHANGED) throw err;
        return null;
      }
    });
    if (results) {
      // What PGlite's `query` does outside a transaction (a no-op for a data folder on Node).
      if (!this.#inTransaction) await this.#pglite.syncToFs();
      return results;
    }
    return this.#pglite.query(sql, params as unknown[]);
  }

  async #preparedFor(sql: string): Promise<Prepared | null> {
    const known = this.#prepared.get(sql);
    if (known) return known;
    if (this.#prepared.size >= MAX_PREPARED) return null;
    const seen = (this.#seen.get(sql) ?? 0) + 1;
    if (seen < PREPARE_AFTER) {
      this.#seen.set(sql, seen);
      return null;
    }
    this.#seen.delete(sql);
    const name = `s${this.#prepared.size + 1}`;
    try {
      await this.#send(serialize.parse({ name, text: sql }));
      const paramTypes = parse.parseDescribeStatementResults(await this.#send(serialize.describe({ type: 'S', name })));
      const prepared = { name, paramTypes };
      this.#prepared.set(sql, prepared);
      return prepared;
    } finally {
      await this.#send(serialize.sync());
    }
  }

  async #execute(prepared: Prepared, params: readonly unknown[]): Promise<Results> {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const toText = this.#pglite.serializers[prepared.paramTypes[i]];
      return toText ? toText(value) : String(value);
    });
    const messages = [];
    try {
      messages.push(...(await this.#send(serialize.bind({ statement: prepared.name, values }))));
      messages.push(...(await this.#send(serialize.describe({ type: 'P' }))));
      messages.push(...(await this.#send(serialize.execute({}))));
    } catch (err) {
      if ((err as { code?: string }).code === PLAN_SHAPE_CHANGED) this.#forget(prepared);
      throw err;
    } finally {
      messages.push(...(await this.#send(serialize.sync())));
    }
    return parse.parseResults(messages, this.#pglite.parsers)[0];
  }

  /** Drops a prepared statement whose plan no longer fits; its text is prepared again later. */
  #forget(prepared: Prepared): void {
    for (const [sql, p] of this.#prepared) if (p === prepared) this.#prepared.delete(sql);
    void this.#send(serialize.close({ type: 'S', name: prepared.name })).catch(() => {});
  }

  #send(message: Uint8Array) {
    return this.#pglite.execProtocolStream(message, { syncToFs: false });
  }
}

export class PGlitePreparedDriver implements Driver {
  readonly #pglite: PGlite;
  #connection: PGliteConnection | null = null;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady;
    this.#connection = new PGliteConnection(this.#pglite);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection!;
  }

  async releaseConnection(): Promise<void> {}

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await (connection as PGliteConnection).control(`begin${isolation}`, true);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).control('commit', false);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).control('rollback', false);
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${name}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
  }

  async destroy(): Promise<void> {
    if (!this.#pglite.closed) await this.#pglite.close();
  }
}
