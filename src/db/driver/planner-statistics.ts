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
}

/**
 * Analyses (and with `vacuum`, vacuums) the tables of the schema that never were analysed, or
 * have grown since; returns their names.
 */
export async function analyzeGrownTables(db: Kysely<any>, options: GrowthPassOptions = {}): Promise<string[]> {
  const { written, statisticsTarget, vacuum = false, partialIndexPages } = options;
  const checked = written === undefined ? sql`true` : sql`c.relname = any(${[...written]}::text[])`;
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
    from pg_class c
    where c.relnamespace = 'public'::regnamespace
      and c.relkind = 'r'
      and (c.reltuples < 0 or (${checked} and ${pagesOf(sql`c.oid`)} > least(c.relpages * 1.2, c.relpages + ${GROWTH_CAP_PAGES}) + 4))
    order by c.relname`.execute(db);
  const names = rows.map((r) => r.name);
  for (const name of names) {
    if (vacuum) {
      await vacuumTable(db, name, statisticsTarget);
      if (partialIndexPages) await rebuildSwollenPartialIndexes(db, name, partialIndexPages, options.concurrently ?? false);
    } else
      await db.transaction().execute(async (tx) => {
        // set_config(…, true) is SET LOCAL: it ends with the transaction, so no other statement
        // runs with the smaller target.
        if (statisticsTarget !== undefined) await sql`select set_config('default_statistics_target', ${String(statisticsTarget)}, true)`.execute(tx);
        await sql`analyze ${sql.id(name)}`.execute(tx);
      });
  }
  return names;
}

/**
 * Whether a PostgreSQL server gathers its own statistics: its autovacuum is on, or it is a
 * Citus coordinator (which holds no rows of distributed tables; its workers keep their shards').
 */
export async function serverGathersStatistics(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ gathers: boolean }>`
    select current_setting('autovacuum') = 'on' or exists (select 1 from pg_extension where extname = 'citus') as gathers`.execute(db);
  return rows[0].gathers;
}

/**
 * VACUUM (ANALYZE) of one table, for an engine with no autovacuum: the dead rows that updates
 * and deletes leave are made reusable, so a table that is mostly rewritten (deliveries, usage
 * counters, feed busy times) stops growing, and every scan of it stops reading them.
 *
 * The pass over each index, which takes out the entries of dead rows, costs the whole index:
 * measured in a soak, on `webhook_deliveries` it grew from 136 to 646 ms within ten minutes, a
 * stall for every tenant of the embedded database (docs/performance.md, "Planner statistics").
 * So it runs only while the table's indexes are small (SMALL_INDEXES_PAGES in all): a queue
 * (`webhook_delivery_queue`, `reminder_queue`), whose rows come and go and whose dead entries
 * would otherwise outnumber its live ones. A large table's is skipped (`index_cleanup off`):
 * the heap pass reads only the pages changed since the last vacuum (the visibility map), and
 * the scans that meet a dead entry step over it.
 *
 * VACUUM cannot run in a transaction, so the smaller statistics target is set on the session
 * (when one is given) and reset after, on the one connection held for the three statements.
 */
async function vacuumTable(db: Kysely<any>, name: string, statisticsTarget: number | undefined): Promise<void> {
  await db.connection().execute(async (connection) => {
    const { rows } = await sql<{ pages: number }>`
      select coalesce(sum(${pagesOf(sql`x.indexrelid`)}), 0)::int as pages from pg_index x where x.indrelid = ${name}::regclass`.execute(connection);
    const cleanup = rows[0].pages <= SMALL_INDEXES_PAGES ? sql`on` : sql`off`;
    const target = statisticsTarget === undefined ? null : String(statisticsTarget);
    if (target) await sql`select set_config('default_statistics_target', ${target}, false)`.execute(connection);
    try {
      await sql`vacuum (analyze, index_cleanup ${cleanup}) ${sql.id(name)}`.execute(connection);
    } finally {
      if (target) await sql`reset default_statistics_target`.execute(connection);
    }
  });
}

/** A table whose indexes hold at most this many pages in all (1 MB) is vacuumed with its index pass. */
export const SMALL_INDEXES_PAGES = 128;

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
