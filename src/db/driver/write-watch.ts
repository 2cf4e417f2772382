import type { CompiledQuery, DatabaseConnection, Driver } from 'kysely';
import { ObservingDriver } from './observing-driver.js';
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
 * A counter of changes to some tables, for caches that must be exact (docs/performance.md,
 * "Exact caches"): a cache fills only when the counter did not move during its read, and drops
 * everything when it has moved since. Only sound where every statement on the database goes
 * through this process's driver: a PGlite data folder, which one process holds at a time.
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
 * Moves the watch before any statement that may change its tables runs, and after every
 * rollback (of a transaction or to a savepoint, or a commit that failed): a cache read inside
 * a transaction that is then undone, such as a conflict preview's, is dropped with it.
 */
export class WriteWatchDriver extends ObservingDriver {
  constructor(
    inner: Driver,
    private readonly watch: WriteWatch,
    /** Also told the tables each statement writes, for the planner statistics. */
    private readonly writes?: TableWrites,
  ) {
    super(inner);
  }
  protected override observe(query: CompiledQuery): void {
    const tables = writtenTables(query.sql);
    if (tables.length > 0) this.writes?.add(tables);
    // Savepoints of conflict previews are rolled back with plain statements.
    if (this.watch.watchesAny(tables) || /^\s*(rollback|abort)\b/i.test(query.sql)) this.watch.changed();
  }
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.commitTransaction(connection);
    } catch (err) {
      this.watch.changed();
      throw err;
    }
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } finally {
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
