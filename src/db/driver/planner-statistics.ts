/**
 * Planner statistics for the embedded database (docs/performance.md, "Planner statistics").
 *
 * PostgreSQL's autovacuum gathers statistics as tables change; PGlite runs no autovacuum, and
 * its activity counters (`pg_stat_user_tables.n_mod_since_analyze`) do not move. A table
 * that has never been analysed is planned on guesses, and with PostgreSQL 18's skip scans a
 * guess can pick an index whose leading columns do not match (a primary-key lookup through
 * `bookings (account_id, start_at, id)`), which makes the held-time part of the facts
 * statement scan every booking of the account once per segment: measured, a 30-day search
 * took 115 ms instead of 37. Prepared statements keep such a plan until the table is analysed.
 *
 * So growth is judged from the catalogue instead: a table is analysed when it never was, or
 * when it has grown by a fifth (and a few pages) since it last was, or by GROWTH_CAP_PAGES if
 * that comes first: its pages on disk against `relpages`, which ANALYZE records. ANALYZE also
 * invalidates the cached plans of the table.
 * After the first pass, only tables written since the last pass are looked at.
 *
 * Each table is analysed in a transaction of its own, so that on the embedded database, whose
 * one session every request waits for, a request can run between two tables. There the sample
 * is also bounded: ANALYZE reads 300 rows per point of the statistics target, 30,000 at the
 * default 100, and a soak's growing `events` and `webhook_deliveries` took 100 to 280 ms to
 * analyse together within its first three minutes, a stall for every tenant each time they had
 * grown by a fifth (docs/performance.md, "Planner statistics").
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { VacuumPace } from './vacuum-pace.js';
import { CITUS_INSTALLED } from '../distribution.js';

/**
 * The statistics target of the embedded database's ANALYZE: a sample of 9,000 rows rather
 * than 30,000, a third of the time (measured on a table of 200,000 events: 34 ms against 116),
 * with histograms of 30 buckets, still finer than the plans of an index lookup need.
 */
export const EMBEDDED_STATISTICS_TARGET = 30;

/**
 * The most a table grows between two passes over it, in pages (8 MB). A fifth alone let the
 * pass's work grow with the table: the heap pass of VACUUM reads the pages written since the
 * last one, and in a soak the one of `webhook_deliveries` held the embedded database's one
 * connection for 49 ms in its first minutes and 164 ms by minute 15, a stall for every tenant
 * that kept growing (docs/performance.md, "Planner statistics"). With the cap each pass has
 * at most this much to read, and passes come more often as a table grows.
 */
export const GROWTH_CAP_PAGES = 1024;

/** A relation's size on disk in pages, as `relpages` counts them. */
const pagesOf = (relation: RawBuilder<unknown>) => sql<number>`(pg_relation_size(${relation}) / current_setting('block_size')::int)::int`;

/** How a pass over the grown tables works; every field may be left out. */
export interface GrowthPassOptions {
  /**
   * Narrows the growth check to these tables (the rest cannot have grown): each size is read
   * from the table's files, dear on a data folder (src/db/driver/table-writes.ts).
   */
  written?: readonly string[];
  /** Bounds each table's sample (the server's default when absent). */
  statisticsTarget?: number;
  /** Also reclaims the dead rows of each grown table, where no autovacuum does. */
  vacuum?: boolean;
  /**
   * With `vacuum`, also rebuilds each grown table's swollen partial indexes (see
   * rebuildSwollenPartialIndexes); the caller keeps this map from pass to pass.
   */
  partialIndexPages?: Map<string, number>;
  /** Rebuild with REINDEX CONCURRENTLY (a server with other sessions), not plain REINDEX (the embedded one). */
  concurrently?: boolean;
  /** Spread each VACUUM's work as autovacuum does (VACUUM_COST_DELAY_MS): a server with other sessions. */
  throttle?: boolean;
  /**
   * With `vacuum`, each table's pages when this process last analysed it, kept by the caller
   * from pass to pass. A table that grew by GROWTH_CAP_PAGES is vacuumed (its new pages made
   * visible and reusable), but analysed again only once it has grown by a fifth: ANALYZE reads
   * a sample of up to 30,000 pages, and in a soak on PostgreSQL the pass over `events`, analysed
   * at every 8 MB, read 228,000 pages from outside the buffer pool in five minutes
   * (docs/performance.md, "Soak"). The planner scales a table's row count by its pages on disk,
   * so the statistics of a table that grew by a tenth still hold.
   */
  analysedPages?: Map<string, number>;
  /**
   * With `vacuum`, spaces each table's vacuums by the time its last one took (VacuumPace), kept
   * by the caller from pass to pass: the embedded database, whose one session every request
   * waits for. A table it holds back is analysed if due, and owed a vacuum in a later pass.
   */
  vacuumPace?: VacuumPace;
}

/**
 * Analyses (and with `vacuum`, vacuums) the tables of the schema that never were analysed, or
 * have grown since. With `vacuum`, a table that grew by the cap but not by a fifth since it was
 * last analysed is only vacuumed, and so is a written table of few live rows (FEW_ROWS) to
 * which a page was added, in its heap or an index. Returns the names of the tables passed over.
 */
export async function analyzeGrownTables(db: Kysely<any>, options: GrowthPassOptions = {}): Promise<string[]> {
  const { written, statisticsTarget, vacuum = false, partialIndexPages, analysedPages } = options;
  const checked = written === undefined ? sql`true` : sql`c.relname = any(${[...written]}::text[])`;
  const pages = pagesOf(sql`c.oid`);
  const grown = sql<boolean>`${pages} > least(c.relpages * 1.2, c.relpages + ${GROWTH_CAP_PAGES}) + 4`;
  // VACUUM and ANALYZE record each relation's pages (`relpages`): one more since means a page was added.
  const fewRows = sql<boolean>`c.reltuples between 0 and ${FEW_ROWS}`;
  const fewRowsGainedAPage = vacuum
    ? sql<boolean>`(${fewRows} and (${pages} > c.relpages or exists (
        select 1 from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = c.oid and ${pagesOf(sql`i.oid`)} > i.relpages)))`
    : sql<boolean>`false`;
  // Whether a vacuum also takes out the dead entries of the indexes (see vacuumTable), asked in
  // the same statement rather than once more per table.
  const cleanup = vacuum
    ? sql<boolean>`(${fewRows} or (select coalesce(sum(${pagesOf(sql`x.indexrelid`)}), 0) from pg_index x where x.indrelid = c.oid) <= ${SMALL_INDEXES_PAGES})`
    : sql<boolean>`false`;
  const owed = options.vacuumPace?.owed() ?? [];
  const { rows } = await sql<{ name: string; pages: number; relpages: number; never: boolean; grown: boolean; cleanup: boolean }>`
    select c.relname as name, ${pages} as pages, c.relpages as relpages, c.reltuples < 0 as never, ${grown} as grown, ${cleanup} as cleanup
    from pg_class c
    where c.relnamespace = 'public'::regnamespace
      and c.relkind = 'r'
      and (c.reltuples < 0 or (${checked} and (${grown} or ${fewRowsGainedAPage})) or c.relname = any(${owed}::text[]))
    order by c.relname`.execute(db);
  const passed: string[] = [];
  for (const table of rows) {
    if (!vacuum) {
      await analyzeTable(db, table.name, statisticsTarget);
      passed.push(table.name);
      continue;
    }
    // Grown by a fifth since its last ANALYZE (by this process; VACUUM also sets relpages).
    const analysedAt = analysedPages?.get(table.name) ?? table.relpages;
    const analyse = table.never || table.pages > analysedAt * 1.2 + 4;
    // A table the pace holds back is still analysed when due, and owed its vacuum.
    const pace = options.vacuumPace;
    const vacuumNow = !pace || pace.allows(table.name);
    const vacuumIt = () => vacuumTable(db, table.name, { cleanup: table.cleanup, truncate: table.grown || analyse, throttle: options.throttle ?? false });
    if (vacuumNow) await (pace ? pace.timed(table.name, vacuumIt) : vacuumIt());
    // A statement of its own: the vacuum and the analysis are two shorter waits for the
    // embedded database's session, with requests served between them, rather than one.
    if (analyse) {
      await analyzeTable(db, table.name, statisticsTarget);
      analysedPages?.set(table.name, table.pages);
    }
    if (vacuumNow && partialIndexPages) await rebuildSwollenPartialIndexes(db, table.name, partialIndexPages, options.concurrently ?? false);
    if (vacuumNow || analyse) passed.push(table.name);
  }
  return passed;
}

/** ANALYZE of one table in a transaction of its own, with the statistics target given (or the server's). */
async function analyzeTable(db: Kysely<any>, name: string, statisticsTarget: number | undefined): Promise<void> {
  await db.transaction().execute(async (tx) => {
    // set_config(…, true) is SET LOCAL: it ends with the transaction, so no other statement
    // runs with the smaller target.
    if (statisticsTarget !== undefined) await sql`select set_config('default_statistics_target', ${String(statisticsTarget)}, true)`.execute(tx);
    await sql`analyze ${sql.id(name)}`.execute(tx);
  });
}

/**
 * Whether a PostgreSQL server gathers its own statistics: its autovacuum is on, or it is a
 * Citus coordinator (which holds no rows of distributed tables; its workers keep their shards').
 */
export async function serverGathersStatistics(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ gathers: boolean }>`
    select current_setting('autovacuum') = 'on' or ${sql.raw(CITUS_INSTALLED)} as gathers`.execute(db);
  return rows[0].gathers;
}

/**
 * VACUUM of one table, for an engine with no autovacuum: the dead rows that updates
 * and deletes leave are made reusable, so a table that is mostly rewritten (deliveries, usage
 * counters, feed busy times) stops growing, and every scan of it stops reading them.
 *
 * The pass over each index, which takes out the entries of dead rows, costs the whole index:
 * measured in a soak, on `webhook_deliveries` it grew from 136 to 646 ms within ten minutes, a
 * stall for every tenant of the embedded database (docs/performance.md, "Planner statistics").
 * So it runs only on a table of few live rows (FEW_ROWS) or whose indexes are small
 * (SMALL_INDEXES_PAGES in all): a queue (`webhook_delivery_queue`, `reminder_queue`), whose rows
 * come and go and whose dead entries would otherwise outnumber its live ones. A large table's is
 * skipped (`index_cleanup off`), and the scans that meet a dead entry step over it. Its heap pass
 * then reads the pages changed since the last vacuum, and also every page that holds the line
 * pointer of a row version a non-HOT update left dead: without the index pass it stays, and the
 * page is never marked all-visible. On a table whose rows are updated, that is most of it (the
 * deliveries' in an hour's soak: docs/performance.md, "Soak").
 *
 * VACUUM cannot run in a transaction, so the throttle (on a server) is set on the session and
 * reset after, on the one connection held for those statements. The table's analysis, when due,
 * follows in a statement of its own (analyzeTable).
 */
async function vacuumTable(db: Kysely<any>, name: string, how: { cleanup: boolean; truncate: boolean; throttle: boolean }): Promise<void> {
  await db.connection().execute(async (connection) => {
    const cleanup = how.cleanup ? sql`on` : sql`off`;
    if (how.throttle) await sql`select set_config('vacuum_cost_delay', ${VACUUM_COST_DELAY_MS}, false)`.execute(connection);
    try {
      // A queue's emptied last pages are kept for its next rows (`truncate off`): giving them
      // back takes a lock that stops every writer of the table, on every such vacuum.
      await sql`vacuum (index_cleanup ${cleanup}, truncate ${how.truncate ? sql`on` : sql`off`}) ${sql.id(name)}`.execute(connection);
    } finally {
      if (how.throttle) await sql`reset vacuum_cost_delay`.execute(connection);
    }
  });
}

/**
 * The pause of a throttled VACUUM (`vacuum_cost_delay`, in ms) after each `vacuum_cost_limit`
 * (200) of work, autovacuum's own default. Unthrottled, a vacuum of `webhook_deliveries` on a
 * PostgreSQL server read and rewrote 43,000 pages in 1.3 s by the end of an hour's soak, and the
 * write-ahead log of those pages made every commit of the moment wait 450 to 600 ms for its
 * flush (docs/performance.md, "Soak"). The embedded database has one session, which a pause
 * would hold longer, so it runs unthrottled.
 */
const VACUUM_COST_DELAY_MS = '2';

/** A table whose indexes hold at most this many pages in all (1 MB) is vacuumed with its index pass. */
export const SMALL_INDEXES_PAGES = 128;

/**
 * A table of at most this many live rows (`reltuples`, which each VACUUM and ANALYZE sets) is a
 * queue or a small table: vacuumed, with its index pass, in every pass in which it was written
 * and gained a page (in its heap or an index), not only once it grew by a fifth. A queue's rows
 * come and go: its heap's space is reused (a page's dead rows are pruned as it is read) while
 * the dead entries of its indexes pile up, and judged by the heap's growth alone it was vacuumed
 * seldom, and once its indexes passed SMALL_INDEXES_PAGES never with its index pass again: in an
 * hour's soak on PostgreSQL, the webhook worker's reads of `webhook_delivery_queue` went from 20
 * to 292 buffers a call (docs/performance.md, "Soak"). Counted in live rows, not pages, so that a
 * bloated queue is still one by this measure; a new page, not every write, so that a small table
 * merely updated (an endpoint, an account) costs no vacuum each pass.
 */
export const FEW_ROWS = 10_000;

/** A partial index is rebuilt once it has grown by this many pages (2 MB)… */
export const PARTIAL_INDEX_REBUILD_PAGES = 256;
/** …and to this many times its size when it was last built, or first seen by this process. */
const PARTIAL_INDEX_REBUILD_FACTOR = 4;

/**
 * Rebuilds those partial indexes of a table that have swollen with dead entries. A queue's
 * index (`webhook_deliveries_lane_due` until migration 028, `where status = 'pending'`) holds few live entries,
 * but every delivery leaves a dead one behind when it leaves the state, and `index_cleanup off`
 * never removes them. They sit before the live ones in the index's order
 * (their times are older), so each claim walked every delivery ever made: measured on the
 * embedded engine, 2.5 ms a claim at 10,000 deliveries and 11.2 ms at 400,000, more than a
 * tenth of a core by the end of an hour's soak. A rebuild reads the table once (196 ms at
 * 400,000 rows) and leaves the index its live entries (the claim back at 1.4 ms). An index
 * that grows by its live entries (fourfold each time) is seldom rebuilt. `sizes` holds each
 * index's pages after its last rebuild, or when this process first saw it, kept by the caller
 * from pass to pass.
 */
async function rebuildSwollenPartialIndexes(db: Kysely<any>, table: string, sizes: Map<string, number>, concurrently: boolean): Promise<void> {
  const { rows } = await sql<{ name: string; pages: number }>`
    select i.relname as name, ${pagesOf(sql`i.oid`)} as pages
    from pg_index x join pg_class i on i.oid = x.indexrelid
    where x.indrelid = ${table}::regclass and x.indpred is not null
    order by i.relname`.execute(db);
  for (const index of rows) {
    const base = sizes.get(index.name);
    // First seen (after a start): its size now is the base, so a start rebuilds nothing.
    if (base === undefined) {
      sizes.set(index.name, Math.max(1, index.pages));
      continue;
    }
    if (index.pages < base * PARTIAL_INDEX_REBUILD_FACTOR || index.pages - base < PARTIAL_INDEX_REBUILD_PAGES) continue;
    // REINDEX cannot run in a transaction block when CONCURRENTLY: a plain statement either way.
    await (concurrently ? sql`reindex index concurrently ${sql.id(index.name)}` : sql`reindex index ${sql.id(index.name)}`).execute(db);
    const after = await sql<{ pages: number }>`select ${pagesOf(sql`${index.name}::regclass`)} as pages`.execute(db);
    sizes.set(index.name, Math.max(1, after.rows[0].pages));
  }
}
