/**
 * Kysely's driver for PGlite, with named prepared statements (docs/performance.md, "Prepared
 * statements on PGlite").
 *
 * PGlite runs PostgreSQL inside this process, so a statement costs no network, but every
 * `query` parses, analyses and plans its SQL again and makes six calls into the engine
 * (parse, describe, bind, describe, execute, sync). The service sends the same few hundred
 * statement texts over and over, so this driver prepares a text under a name the second time
 * it sees it, and from then on only binds and executes it, in one call into the engine:
 * PostgreSQL's plan cache keeps the plan. Measured on a data folder, that makes a primary-key
 * select about three times, and the booking facts statement about four times, cheaper.
 *
 * The driver owns the session: BEGIN, COMMIT and ROLLBACK are plain statements on it. Callers
 * must not share the connection between transactions; connect.ts queues them
 * (SerializedDriver), one at a time, as PGlite has one session.
 */
import { performance } from 'node:perf_hooks';
import { PGlite, protocol } from '@electric-sql/pglite';
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, type TransactionSettings } from 'kysely';
import { PLAN_ONCE_TEXT } from '../plan-once.js';
import { MAX_PREPARED_TEXTS, RepeatedTexts } from './repeated-texts.js';
import { readDescription, readExecution, type Columns, type ExecutionResult, type ValueParsers } from './pglite-wire.js';

const serialize = protocol.serialize;

interface Prepared {
  name: string;
  /** Marked to be planned once (src/db/plan-once.ts): run with the generic plan. */
  planOnce: boolean;
  /** The parameter types PostgreSQL inferred, to serialise the values as PGlite's own query does. */
  paramTypes: number[];
  /**
   * The columns it returns, from its description when it was prepared: an execution then needs
   * no Describe of its own (the engine would send the same columns every time).
   */
  columns: Columns | null;
}

/**
 * The statements that switch the session to generic plans and back, around a marked statement's
 * execution (their names cannot clash with the numbered `s…` ones).
 */
const GENERIC_PLANS_ON_NAME = 'generic_plans_on';
const GENERIC_PLANS_OFF_NAME = 'generic_plans_off';
const GENERIC_PLANS_ON = [serialize.bind({ statement: GENERIC_PLANS_ON_NAME, values: [] }), serialize.execute({})];
const GENERIC_PLANS_OFF = [serialize.bind({ statement: GENERIC_PLANS_OFF_NAME, values: [] }), serialize.execute({})];

/** "cached plan must not change result type": a table under a prepared `select *` changed shape. */
const PLAN_SHAPE_CHANGED = '0A000';

/**
 * The time spent inside the embedded engine, summed over every call into it. The engine runs
 * in this process's thread, one call at a time, so this is its share of the process's CPU
 * (`scheduling_db_engine_busy_seconds_total`, docs/metrics.md).
 */
export class EngineClock {
  busyMs = 0;

  async time<T>(call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await call();
    } finally {
      this.busyMs += performance.now() - started;
    }
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  readonly #clock: EngineClock;
  readonly #prepared = new Map<string, Prepared>();
  /** A text is prepared when it is seen the second time: one-off statements stay unnamed. */
  readonly #seen = new RepeatedTexts();
  #named = 0;
  #inTransaction = false;
  #genericPlanSwitch = false;

  constructor(pglite: PGlite, clock: EngineClock) {
    this.#pglite = pglite;
    this.#clock = clock;
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

  async #run(sql: string, params: readonly unknown[]): Promise<ExecutionResult> {
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
    const { rows, affectedRows } = await this.#clock.time(() => this.#pglite.query<Record<string, unknown>>(sql, params as unknown[]));
    return { rows, affectedRows: affectedRows ?? 0 };
  }

  async #preparedFor(sql: string): Promise<Prepared | null> {
    const known = this.#prepared.get(sql);
    if (known) return known;
    if (this.#prepared.size >= MAX_PREPARED_TEXTS) return null;
    if (!this.#seen.seenBefore(sql)) return null;
    // Never reused: a dropped statement (#forget) leaves a gap that the map's size would refill.
    const name = `s${++this.#named}`;
    const answer = await this.#send(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync());
    const prepared = { name, planOnce: sql.includes(PLAN_ONCE_TEXT), ...readDescription(answer) };
    if (prepared.planOnce) await this.#prepareGenericPlanSwitch();
    this.#prepared.set(sql, prepared);
    return prepared;
  }

  async #execute(prepared: Prepared, params: readonly unknown[]): Promise<ExecutionResult> {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const toText = this.#pglite.serializers[prepared.paramTypes[i]];
      return toText ? toText(value) : String(value);
    });
    const bindAndExecute = [serialize.bind({ statement: prepared.name, values }), serialize.execute({})];
    try {
      // A marked statement keeps its generic plan, made at its first Bind: plan_cache_mode is
      // switched to generic plans for it alone, in the same call into the engine. The SETs
      // return no rows and count none. If the statement fails, the reset is skipped, but the
      // transaction the error aborts (the caller's, or the batch's own) takes the SET back with it.
      const answer = prepared.planOnce
        ? await this.#send(...GENERIC_PLANS_ON, ...bindAndExecute, ...GENERIC_PLANS_OFF, serialize.sync())
        : await this.#send(...bindAndExecute, serialize.sync());
      return readExecution(answer, prepared.columns, this.#pglite.parsers as ValueParsers);
    } catch (err) {
      if ((err as { code?: string }).code === PLAN_SHAPE_CHANGED) await this.#forget(prepared);
      throw err;
    }
  }

  /** Prepares the two SETs that switch generic plans on and off, once per connection. */
  async #prepareGenericPlanSwitch(): Promise<void> {
    if (this.#genericPlanSwitch) return;
    this.#genericPlanSwitch = true;
    readDescription(await this.#send(
      serialize.parse({ name: GENERIC_PLANS_ON_NAME, text: 'set plan_cache_mode = force_generic_plan' }),
      serialize.parse({ name: GENERIC_PLANS_OFF_NAME, text: 'reset plan_cache_mode' }),
      serialize.sync(),
    ));
  }

  /** Drops a prepared statement whose plan no longer fits; its text is prepared again later. */
  async #forget(prepared: Prepared): Promise<void> {
    for (const [sql, p] of this.#prepared) if (p === prepared) this.#prepared.delete(sql);
    await this.#send(serialize.close({ type: 'S', name: prepared.name }), serialize.sync()).catch(() => {});
  }

  /**
   * Sends protocol messages in one call into the engine (each call has a cost of its own) and
   * returns the engine's answer unparsed (pglite-wire.ts reads it). A batch ends with Sync, so
   * after an error the engine has skipped to it and is ready again.
   */
  async #send(...messages: Uint8Array[]): Promise<Uint8Array> {
    const batch = new Uint8Array(messages.reduce((n, m) => n + m.length, 0));
    let offset = 0;
    for (const m of messages) {
      batch.set(m, offset);
      offset += m.length;
    }
    // The engine hands its output over in chunks that are views of its own memory: each is
    // copied before the next call into the engine can overwrite it.
    const chunks: Uint8Array[] = [];
    await this.#clock.time(() => this.#pglite.execProtocolRawStream(batch, { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) }));
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
  }
}

export class PGlitePreparedDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #clock: EngineClock;
  #connection: PGliteConnection | null = null;

  constructor(pglite: PGlite, clock: EngineClock) {
    this.#pglite = pglite;
    this.#clock = clock;
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady;
    this.#connection = new PGliteConnection(this.#pglite, this.#clock);
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
