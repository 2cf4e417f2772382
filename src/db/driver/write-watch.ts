import { CompiledQuery, type DatabaseConnection, type Driver } from 'kysely';
import { ObservingDriver, type AfterStatement } from './observing-driver.js';
import type { TableWrites } from './table-writes.js';
import type { CommittedWrites } from './committed-writes.js';
import { SENT_WITH_NEXT_TEXT } from '../sent-with-next.js';

/**
 * The tables a statement may write, lowercased: the target of insert into, update, delete from,
 * merge into, truncate, alter table and drop table (quoted or not, schema or not), a common
 * table expression's too. A plain select writes nothing, and most statements are one; nor does
 * VACUUM, ANALYZE or REINDEX. It errs
 * towards yes (the word after `for update` or `do update` is taken for a table, harmlessly).
 * The one rule for both the key cache's watch and the planner statistics (table-writes.ts).
 */
export function writtenTables(statement: string): readonly string[] {
  let tables = knownTexts.get(statement);
  if (!tables) {
    if (knownTexts.size >= MAX_KNOWN_TEXTS) knownTexts.clear();
    knownTexts.set(statement, (tables = tablesNamed(statement)));
  }
  return tables;
}

/**
 * The answers for the texts seen lately. The service sends a few hundred texts over and over,
 * and reading one with the expressions below cost a booking about 60 µs (its statements are
 * long); texts that vary (a multi-row insert's VALUES lists) are forgotten all at once.
 */
const knownTexts = new Map<string, readonly string[]>();
const MAX_KNOWN_TEXTS = 2000;

function tablesNamed(statement: string): string[] {
  if (/^\s*select\b/i.test(statement) && !/\b(insert|update|delete|merge|truncate)\b/i.test(statement)) return [];
  // Maintenance writes no rows (and its options may name `truncate`).
  if (/^\s*(vacuum|analyze|reindex)\b/i.test(statement)) return [];
  const named = Array.from(statement.matchAll(WRITE_TARGET), (m) => m[1].toLowerCase());
  return named.flatMap((t) => [t, ...(TRIGGER_WRITES[t] ?? [])]);
}

/**
 * The tables that triggers write when a statement writes a table (the migrations' triggers):
 * no statement names them, and the planner statistics must still see them grow.
 */
const TRIGGER_WRITES: Record<string, readonly string[]> = {
  webhook_deliveries: ['webhook_delivery_queue'],
  bookings: ['booking_segments', 'reminder_queue'],
  booking_segments: ['reminder_queue'],
  accounts: ['reminder_queue'],
  resources: ['reminder_queue'],
};

const WRITE_TARGET =
  /\b(?:insert\s+into|update|delete\s+from|merge\s+into|truncate(?:\s+table)?|(?:alter|drop)\s+table(?:\s+if\s+exists)?)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;

/**
 * The least time between two notices of one table's writes from one process (PostgreSQL): the
 * first commit that writes the table sends one, those in the next WORK_NOTICE_GAP_MS none. A
 * worker woken by it passes again within its poll interval, so it also sees those (a notice
 * costs no round trip, but notifying transactions commit one at a time: docs/configuration.md#workers).
 */
export const WORK_NOTICE_GAP_MS = 250;

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
 * With `channels` (PostgreSQL), each such statement is followed on its connection by a
 * `pg_notify` on the auth channel: in a transaction it is delivered at COMMIT and dropped by a
 * rollback, so other processes hear of exactly the changes that happened. Every writer that
 * goes through this driver tells, whatever its code path (an HTTP request, the command-line
 * tool, a test's own SQL); on Citus the notice is sent by the coordinator, where the API
 * processes listen. A transaction's written tables are told to `committed` at its COMMIT and,
 * on the work channel, to other processes' workers: the `pg_notify` goes in the COMMIT's own
 * round trip (held back to travel with it: src/db/sent-with-next.ts), at most once per table
 * every WORK_NOTICE_GAP_MS.
 */
export class WriteWatchDriver extends ObservingDriver {
  /** Connections inside a transaction, and those of them that wrote a watched table. */
  readonly #open = new WeakSet<DatabaseConnection>();
  readonly #wrote = new WeakSet<DatabaseConnection>();
  /** The tables each open transaction wrote, told to `committed` at its COMMIT. */
  readonly #tablesWritten = new WeakMap<DatabaseConnection, Set<string>>();
  readonly #afterWrite: AfterStatement;
  /** When each table's writes were last announced on the work channel (Date.now()). */
  readonly #announced = new Map<string, number>();

  constructor(
    inner: Driver,
    private readonly watch: WriteWatch,
    /** Also told the tables each statement writes, for the planner statistics. */
    private readonly writes?: TableWrites,
    /** The channels to notify other processes on (PostgreSQL): auth-table changes, and work for workers. */
    private readonly channels?: { auth: string; work: string },
    /** Told the tables of every committed write, for the workers' wakes. */
    private readonly committed?: CommittedWrites,
  ) {
    super(inner);
    // Inside a transaction it goes with the statement after it, or with COMMIT (src/db/sent-with-next.ts).
    const notice = channels ? CompiledQuery.raw(`select pg_notify($1, '') ${SENT_WITH_NEXT_TEXT}`, [channels.auth]) : null;
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
    const open = this.#open.has(connection);
    let tell: AfterStatement | undefined;
    if (tables.length > 0 && this.committed) {
      if (open) for (const t of tables) this.#tablesWritten.get(connection)?.add(t);
      else tell = async () => this.committed!.committed(tables);
    }
    if (!this.watch.watchesAny(tables)) return tell;
    this.watch.changed();
    if (open) this.#wrote.add(connection);
    if (!tell) return this.#afterWrite;
    return async (c) => {
      await this.#afterWrite(c);
      await tell(c);
    };
  }
  override async beginTransaction(connection: DatabaseConnection, settings: Parameters<Driver['beginTransaction']>[1]): Promise<void> {
    await super.beginTransaction(connection, settings);
    this.#open.add(connection);
    if (this.committed) this.#tablesWritten.set(connection, new Set());
  }
  /** The tables of a commit to announce on the work channel now, as its payload; null for none. */
  #workNotice(written: Set<string> | undefined): string[] | null {
    if (!this.channels || !written?.size) return null;
    const now = Date.now();
    const due = [...written].filter((t) => !(now - (this.#announced.get(t) ?? -Infinity) < WORK_NOTICE_GAP_MS));
    for (const t of due) this.#announced.set(t, now);
    return due.length ? due : null;
  }
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const notice = this.#workNotice(this.#tablesWritten.get(connection));
    try {
      // Held back, the notice travels with COMMIT (src/db/sent-with-next.ts).
      if (notice) await this.unwrap(connection).executeQuery(CompiledQuery.raw(`select pg_notify($1, $2) ${SENT_WITH_NEXT_TEXT}`, [this.channels!.work, notice.join(',')]));
      await super.commitTransaction(connection);
      if (this.#wrote.has(connection)) this.watch.changed();
      const written = this.#tablesWritten.get(connection);
      if (written?.size) this.committed!.committed(written);
    } catch (err) {
      for (const t of notice ?? []) this.#announced.delete(t);
      this.watch.changed();
      throw err;
    } finally {
      this.#open.delete(connection);
      this.#wrote.delete(connection);
      this.#tablesWritten.delete(connection);
    }
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } finally {
      this.#open.delete(connection);
      this.#wrote.delete(connection);
      this.#tablesWritten.delete(connection);
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
