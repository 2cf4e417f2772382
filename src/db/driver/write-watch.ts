import { CompiledQuery, type DatabaseConnection, type Driver } from 'kysely';
import { ObservingDriver, type AfterStatement } from './observing-driver.js';
import type { TableWrites } from './table-writes.js';

/**
 * The tables a statement may write, lowercased: the target of insert into, update, delete from,
 * merge into, truncate, alter table and drop table (quoted or not, schema or not), a common
 * table expression's too. A plain select writes nothing, and most statements are one. It errs
 * towards yes (the word after `for update` or `do update` is taken for a table, harmlessly).
 * The one rule for both the key cache's watch and the planner statistics (table-writes.ts).
 */
export function writtenTables(statement: string): string[] {
  if (/^\s*select\b/i.test(statement) && !/\b(insert|update|delete|merge|truncate)\b/i.test(statement)) return [];
  return Array.from(statement.matchAll(WRITE_TARGET), (m) => m[1].toLowerCase());
}

const WRITE_TARGET =
  /\b(?:insert\s+into|update|delete\s+from|merge\s+into|truncate(?:\s+table)?|(?:alter|drop)\s+table(?:\s+if\s+exists)?)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;

/**
 * A counter of changes to some tables, for caches (docs/performance.md, "Exact caches"): a
 * cache fills only when the counter did not move during its read, and drops everything when it
 * has moved since. Exact where every statement on the database goes through this process's
 * driver (a PGlite data folder, which one process holds at a time); on PostgreSQL other
 * processes' changes move it when their notices arrive (write-notices.ts).
 */
export class WriteWatch {
  #generation = 0;
  readonly #tables: ReadonlySet<string>;
  constructor(tables: readonly string[]) {
    this.#tables = new Set(tables);
  }
  get generation(): number {
    return this.#generation;
  }
  changed(): void {
    this.#generation++;
  }
  /** Whether a statement may change the watched tables (writtenTables); a yes costs an emptied cache. */
  mayChange(statement: string): boolean {
    return this.watchesAny(writtenTables(statement));
  }
  watchesAny(tables: readonly string[]): boolean {
    return tables.some((t) => this.#tables.has(t));
  }
}

/**
 * Moves the watch before any statement that may change its tables runs, again once that change
 * is committed (at the statement's end outside a transaction, at COMMIT inside one: a reader on
 * another connection may read the old rows until then), and after every rollback (of a
 * transaction or to a savepoint, or a commit that failed): a cache read inside a transaction
 * that is then undone, such as a conflict preview's, is dropped with it.
 *
 * With `channel` (PostgreSQL), each such statement is followed on its connection by a
 * `pg_notify` on that channel: in a transaction it is delivered at COMMIT and dropped by a
 * rollback, so other processes hear of exactly the changes that happened. Every writer that
 * goes through this driver tells, whatever its code path (an HTTP request, the command-line
 * tool, a test's own SQL); on Citus the notice is sent by the coordinator, where the API
 * processes listen.
 */
export class WriteWatchDriver extends ObservingDriver {
  /** Connections inside a transaction, and those of them that wrote a watched table. */
  readonly #open = new WeakSet<DatabaseConnection>();
  readonly #wrote = new WeakSet<DatabaseConnection>();
  readonly #afterWrite: AfterStatement;

  constructor(
    inner: Driver,
    private readonly watch: WriteWatch,
    /** Also told the tables each statement writes, for the planner statistics. */
    private readonly writes?: TableWrites,
    /** The channel to notify other processes on (PostgreSQL). */
    channel?: string,
  ) {
    super(inner);
    const notice = channel ? CompiledQuery.raw("select pg_notify($1, '')", [channel]) : null;
    this.#afterWrite = async (connection) => {
      if (notice) await connection.executeQuery(notice);
      this.watch.changed();
    };
  }
  protected override observe(query: CompiledQuery, connection: DatabaseConnection): AfterStatement | void {
    const tables = writtenTables(query.sql);
    if (tables.length > 0) this.writes?.add(tables);
    // Savepoints of conflict previews are rolled back with plain statements.
    if (/^\s*(rollback|abort)\b/i.test(query.sql)) this.watch.changed();
    if (!this.watch.watchesAny(tables)) return;
    this.watch.changed();
    if (this.#open.has(connection)) this.#wrote.add(connection);
    return this.#afterWrite;
  }
  override async beginTransaction(connection: DatabaseConnection, settings: Parameters<Driver['beginTransaction']>[1]): Promise<void> {
    await super.beginTransaction(connection, settings);
    this.#open.add(connection);
  }
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.commitTransaction(connection);
      if (this.#wrote.has(connection)) this.watch.changed();
    } catch (err) {
      this.watch.changed();
      throw err;
    } finally {
      this.#open.delete(connection);
      this.#wrote.delete(connection);
    }
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } finally {
      this.#open.delete(connection);
      this.#wrote.delete(connection);
      this.watch.changed();
    }
  }
  override async rollbackToSavepoint(connection: DatabaseConnection, ...rest: unknown[]) {
    try {
      await super.rollbackToSavepoint(connection, ...rest);
    } finally {
      this.watch.changed();
    }
  }
}
