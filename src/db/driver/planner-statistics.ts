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
 * when it has grown by a fifth (and a few pages) since it last was: its pages on disk against
 * `relpages`, which ANALYZE records. ANALYZE also invalidates the cached plans of the table.
 * After the first pass, only tables written since the last pass are looked at.
 */
import { sql, type Kysely } from 'kysely';

/**
 * Analyses the tables of the schema that never were, or have grown since; returns their names.
 * `written` narrows the growth check to those tables (the rest cannot have grown): each size
 * is read from the table's files, dear on a data folder (src/db/driver/table-writes.ts).
 */
export async function analyzeGrownTables(db: Kysely<any>, written?: readonly string[]): Promise<string[]> {
  const checked = written === undefined ? sql`true` : sql`c.relname = any(${[...written]}::text[])`;
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
    from pg_class c
    where c.relnamespace = 'public'::regnamespace
      and c.relkind = 'r'
      and (c.reltuples < 0 or (${checked} and pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 4))
    order by c.relname`.execute(db);
  const names = rows.map((r) => r.name);
  // One statement for all of them: ANALYZE takes a list of tables.
  if (names.length > 0) await sql`analyze ${sql.join(names.map((n) => sql.id(n)))}`.execute(db);
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
