import type { CompiledQuery, DatabaseConnection, Driver } from 'kysely';
import { ObservingDriver } from './observing-driver.js';

/**
 * A counter of changes to some tables, for caches that must be exact (docs/performance.md,
 * "Exact caches"): a cache fills only when the counter did not move during its read, and drops
 * everything when it has moved since. Only sound where every statement on the database goes
 * through this process's driver: a PGlite data folder, which one process holds at a time.
 */
export class WriteWatch {
  #generation = 0;
  readonly #target: RegExp;
  constructor(tables: readonly string[]) {
    // A table in the place a change names its target: update T, insert into T, delete from T,
    // truncate T, alter/drop table T, merge into T (quoted or not, schema or not).
    this.#target = new RegExp(`\\b(update|into|from|table|truncate)\\s+(only\\s+)?("?public"?\\.)?"?(${tables.join('|')})"?(?!\\w)`, 'i');
  }
  get generation(): number {
    return this.#generation;
  }
  changed(): void {
    this.#generation++;
  }
  /**
   * Whether a statement may change the watched tables: anything but a plain select that names
   * one of them where a change names its target. It errs towards yes (a `select … for update`
   * of one, or `update x … from accounts`, count as changes, harmlessly); the cost of a yes is
   * an emptied cache.
   */
  mayChange(statement: string): boolean {
    if (isPlainSelect(statement)) return false;
    return this.#target.test(statement);
  }
}

/** A select with no change inside it (no data-modifying CTE): it writes nothing. Most statements are one. */
export function isPlainSelect(statement: string): boolean {
  return /^\s*select\b/i.test(statement) && !/\b(insert|update|delete|merge|truncate)\b/i.test(statement);
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
  ) {
    super(inner);
  }
  protected override observe(query: CompiledQuery): void {
    // Savepoints of conflict previews are rolled back with plain statements.
    if (this.watch.mayChange(query.sql) || /^\s*(rollback|abort)\b/i.test(query.sql)) this.watch.changed();
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
