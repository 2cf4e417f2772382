import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'kysely';
import { connect } from '../../src/db/connect.js';
import { analyzeGrownTables, EMBEDDED_STATISTICS_TARGET, GROWTH_CAP_PAGES, PARTIAL_INDEX_REBUILD_PAGES, SMALL_INDEXES_PAGES } from '../../src/db/driver/planner-statistics.js';
import { VACUUM_PACE, VacuumPace } from '../../src/db/driver/vacuum-pace.js';
import { plannerStatisticsWorkers } from '../../src/workers/planner-statistics.js';
import { TableWrites } from '../../src/db/driver/table-writes.js';
import { writtenTables } from '../../src/db/driver/write-watch.js';

// The embedded database's stand-in for autovacuum (src/db/driver/planner-statistics.ts), on an
// in-memory PGlite of its own whatever database the suite runs on.
const db = await connect({ databaseUrl: null, dataDir: null });
afterAll(() => db.close());
const k = db.kysely;

const reltuples = async (table: string) =>
  Number((await sql<{ n: number }>`select reltuples as n from pg_class where relname = ${table}`.execute(k)).rows[0].n);

/** The database's handle, counting the statements sent through it. */
function countingStatements() {
  const statements = { count: 0 };
  const counted = db.kysely.withPlugin({
    transformQuery: (args) => {
      statements.count++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { counted, statements };
}

describe('planner statistics on the embedded database', () => {
  it('analyses a table that never was, then again only once it has grown by a fifth', async () => {
    await sql`create table grows (id int primary key, note text)`.execute(k);
    await sql`insert into grows select g, repeat('x', 200) from generate_series(1, 1000) g`.execute(k);
    expect(await reltuples('grows')).toBeLessThan(0);

    expect(await analyzeGrownTables(k)).toContain('grows');
    expect(await reltuples('grows')).toBe(1000);
    expect(await analyzeGrownTables(k)).not.toContain('grows');

    await sql`insert into grows select g, repeat('x', 200) from generate_series(1001, 1100) g`.execute(k);
    expect(await analyzeGrownTables(k)).not.toContain('grows');
    await sql`insert into grows select g, repeat('x', 200) from generate_series(1101, 2000) g`.execute(k);
    expect(await analyzeGrownTables(k)).toContain('grows');
    expect(await reltuples('grows')).toBe(2000);
  });

  it('analyses a large table again once it has grown by the cap of pages, before it has grown by a fifth', async () => {
    // One row a page (fillfactor 10): pages are counted by rows.
    await sql`create table large (id int primary key, note text) with (fillfactor = 10)`.execute(k);
    const addRows = (from: number, to: number) =>
      sql`insert into large select g, repeat(md5(g::text), 20) from generate_series(${from}::int, ${to}::int) g`.execute(k);
    await addRows(1, 6000);
    expect(await analyzeGrownTables(k, { written: ['large'] })).toEqual(['large']);
    const pages = async () => Number((await sql<{ n: number }>`select relpages as n from pg_class where relname = 'large'`.execute(k)).rows[0].n);
    const analysedAt = await pages();
    expect(analysedAt).toBeGreaterThan(5 * GROWTH_CAP_PAGES);

    await addRows(6001, 6000 + GROWTH_CAP_PAGES / 2);
    expect(await analyzeGrownTables(k, { written: ['large'] })).toEqual([]);
    await addRows(6001 + GROWTH_CAP_PAGES / 2, 6010 + GROWTH_CAP_PAGES);
    // Grown by the cap, a sixth of its size: analysed.
    expect(await analyzeGrownTables(k, { written: ['large'] })).toEqual(['large']);
    expect(await pages()).toBeGreaterThan(analysedAt + GROWTH_CAP_PAGES);
  });

  it("rebuilds a queue's partial index once the entries its rows left behind swell it, and a claim then reads only the live ones", async () => {
    await sql`create table queue (id int primary key, status text not null, due_at timestamptz not null)`.execute(k);
    await sql`create index queue_pending on queue (due_at) where status = 'pending'`.execute(k);
    const pagesOf = async (name: string) => Number((await sql<{ n: number }>`select pg_relation_size(${name}::regclass) / 8192 as n`.execute(k)).rows[0].n);
    const partialIndexPages = new Map<string, number>();
    const pass = () => analyzeGrownTables(k, { written: ['queue'], vacuum: true, statisticsTarget: EMBEDDED_STATISTICS_TARGET, partialIndexPages });
    await sql`insert into queue values (0, 'pending', now() + interval '1 hour')`.execute(k);
    expect(await pass()).toEqual(['queue']);
    expect(partialIndexPages.get('queue_pending')).toBe(await pagesOf('queue_pending'));

    // Every row passes through 'pending' and leaves: a dead entry each, older than the live one.
    for (let round = 0; round < 5; round++) {
      await sql`insert into queue select g, 'pending', now() - interval '1 day' + g * interval '1 ms' from generate_series(${round * 30_000 + 1}::int, ${(round + 1) * 30_000}::int) g`.execute(k);
      await sql`update queue set status = 'done' where status = 'pending' and id > 0`.execute(k);
    }
    const swollen = await pagesOf('queue_pending');
    expect(swollen).toBeGreaterThan(PARTIAL_INDEX_REBUILD_PAGES);
    expect(await pass()).toEqual(['queue']);
    const rebuilt = await pagesOf('queue_pending');
    expect(rebuilt).toBeLessThan(4);
    expect(partialIndexPages.get('queue_pending')).toBe(Math.max(1, rebuilt));
    const { rows } = await sql<{ id: number }>`select id from queue where status = 'pending' order by due_at limit 1`.execute(k);
    expect(rows).toEqual([{ id: 0 }]);
  });

  it('vacuums a written queue with its index pass every time, though it never grows, so its index keeps the size of what passes between two passes', async () => {
    await sql`create table passing (id int primary key, due_at timestamptz not null)`.execute(k);
    await sql`create index passing_due on passing (due_at)`.execute(k);
    const pagesOf = async (name: string) => Number((await sql<{ n: number }>`select pg_relation_size(${name}::regclass) / 8192 as n`.execute(k)).rows[0].n);
    const pass = () => analyzeGrownTables(k, { written: ['passing'], vacuum: true, statisticsTarget: EMBEDDED_STATISTICS_TARGET });
    await sql`insert into passing values (0, now() + interval '1 day')`.execute(k);
    expect(await pass()).toEqual(['passing']);
    // A burst leaves its indexes past SMALL_INDEXES_PAGES, with one live row.
    const burst = async (from: number, rows: number) => {
      await sql`insert into passing select g, now() - g * interval '1 ms' from generate_series(${from}::int, ${from + rows - 1}::int) g`.execute(k);
      await sql`delete from passing where id >= ${from}`.execute(k);
    };
    await burst(1, 80_000);
    expect((await pagesOf('passing_pkey')) + (await pagesOf('passing_due'))).toBeGreaterThan(SMALL_INDEXES_PAGES);
    expect(await pass()).toEqual(['passing']);
    expect(await reltuples('passing')).toBe(1);
    const afterBurst = await pagesOf('passing_due');

    // Then rows come and go a few at a time: its heap's space is reused, and a pass vacuums it
    // when its index gained a page.
    let vacuumed = 0;
    for (let round = 0; round < 20; round++) {
      await burst(100_000 + round * 2_000, 2_000);
      if ((await pass()).includes('passing')) vacuumed++;
    }
    expect(vacuumed).toBeGreaterThan(0);
    await burst(200_000, 80_000);
    await pass();
    // Its index pages were freed and reused: it did not grow by another burst.
    expect(await pagesOf('passing_due')).toBeLessThan(afterBurst * 1.25);
  });

  it('leaves a small table that was written but gained no page, and vacuums it once it gains one', async () => {
    await sql`create table settings_like (id int primary key, n int)`.execute(k);
    await sql`insert into settings_like select g, 0 from generate_series(1, 10) g`.execute(k);
    const pass = () => analyzeGrownTables(k, { written: ['settings_like'], vacuum: true });
    expect(await pass()).toEqual(['settings_like']);
    await sql`update settings_like set n = n + 1 where id = 1`.execute(k);
    expect(await pass()).toEqual([]);
    await sql`insert into settings_like select g, 0 from generate_series(11, 2000) g`.execute(k);
    expect(await pass()).toEqual(['settings_like']);
  });

  it('vacuums a large table grown by the cap of pages, but analyses it again only once it has grown by a fifth since it last did', async () => {
    await sql`create table appended (id int primary key, n int, note text) with (fillfactor = 10)`.execute(k);
    const addRows = (from: number, to: number, n: number) =>
      sql`insert into appended select g, ${n}::int + g, repeat(md5(g::text), 20) from generate_series(${from}::int, ${to}::int) g`.execute(k);
    const largestSampled = async () =>
      Math.max(...(await sql<{ bounds: string }>`select histogram_bounds::text as bounds from pg_stats where tablename = 'appended' and attname = 'n'`.execute(k)).rows[0].bounds.slice(1, -1).split(',').map(Number));
    const analysedPages = new Map<string, number>();
    const pass = () => analyzeGrownTables(k, { written: ['appended'], vacuum: true, analysedPages });
    await addRows(1, 6000, 0);
    expect(await pass()).toEqual(['appended']);
    expect(await largestSampled()).toBeLessThan(1_000_000);

    // Grown by the cap, a sixth: vacuumed, and the rows it counts are the new ones too, but not sampled.
    await addRows(6001, 6010 + GROWTH_CAP_PAGES, 1_000_000);
    expect(await pass()).toEqual(['appended']);
    expect(await reltuples('appended')).toBe(6010 + GROWTH_CAP_PAGES);
    expect(await largestSampled()).toBeLessThan(1_000_000);

    // A fifth since it was analysed: sampled again.
    await addRows(6011 + GROWTH_CAP_PAGES, 7400, 1_000_000);
    expect(await pass()).toEqual(['appended']);
    expect(await largestSampled()).toBeGreaterThan(1_000_000);
  });

  it('holds back the next vacuum of a table for a thousand times as long as its last one took, analyses it meanwhile when it is due, and vacuums it once the pace has passed, grown since or not', async () => {
    await sql`create table paced (id int primary key, n int, note text) with (fillfactor = 10)`.execute(k);
    const addRows = (from: number, to: number) => sql`insert into paced select g, g, repeat(md5(g::text), 20) from generate_series(${from}::int, ${to}::int) g`.execute(k);
    const visibility = async () =>
      (await sql<{ pages: number; visible: number }>`select relpages as pages, relallvisible as visible from pg_class where relname = 'paced'`.execute(k)).rows[0];
    // Each reading of the clock moves it by a millisecond: every vacuum "takes" one.
    let clock = 0;
    const pace = new VacuumPace(() => ++clock);
    const analysedPages = new Map<string, number>();
    const pass = () => analyzeGrownTables(k, { written: ['paced'], vacuum: true, analysedPages, vacuumPace: pace });

    await addRows(1, 6000);
    expect(await pass()).toEqual(['paced']);
    const first = await visibility();
    expect(first.visible).toBe(first.pages);

    // Grown by the cap within the pace: held back, and owed.
    await addRows(6001, 6010 + GROWTH_CAP_PAGES);
    expect(await pass()).toEqual([]);
    expect(pace.owed()).toEqual(['paced']);

    // Grown by a fifth: analysed (the new pages counted), still not vacuumed (not made all-visible).
    await addRows(6011 + GROWTH_CAP_PAGES, 7400);
    expect(await pass()).toEqual(['paced']);
    const analysed = await visibility();
    expect(analysed.pages).toBeGreaterThan(first.pages * 1.2);
    expect(analysed.visible).toBe(first.visible);
    expect(pace.owed()).toEqual(['paced']);

    // Once the pace has passed, vacuumed, though it has not grown since its analysis.
    clock += VACUUM_PACE;
    expect(await pass()).toEqual(['paced']);
    expect(await visibility()).toEqual({ pages: analysed.pages, visible: analysed.pages });
    expect(pace.owed()).toEqual([]);
  });

  it("samples each table with the target it is given, one table a transaction, and leaves the session's own target as it was", async () => {
    await sql`create table sampled_a (id int primary key, n int)`.execute(k);
    await sql`create table sampled_b (id int primary key, n int)`.execute(k);
    for (const table of ['sampled_a', 'sampled_b']) await sql`insert into ${sql.id(table)} select g, g from generate_series(1, 20000) g`.execute(k);
    const { counted, statements: sent } = countingStatements();
    sent.count = 0;
    expect(await analyzeGrownTables(counted, { written: ['sampled_a', 'sampled_b'], statisticsTarget: EMBEDDED_STATISTICS_TARGET })).toEqual(['sampled_a', 'sampled_b']);
    // The growth check, then per table: its target and its ANALYZE.
    expect(sent.count).toBe(1 + 2 * 2);
    const { rows } = await sql<{ table: string; buckets: number }>`
      select tablename as table, array_length(histogram_bounds::text::int[], 1) - 1 as buckets
      from pg_stats where tablename in ('sampled_a', 'sampled_b') and attname = 'n' order by tablename`.execute(k);
    expect(rows).toEqual([{ table: 'sampled_a', buckets: EMBEDDED_STATISTICS_TARGET }, { table: 'sampled_b', buckets: EMBEDDED_STATISTICS_TARGET }]);
    expect((await sql<{ target: string }>`select current_setting('default_statistics_target') as target`.execute(k)).rows).toEqual([{ target: '100' }]);
  });

  it("reclaims the dead rows of a table rewritten by updates, where ANALYZE alone lets it grow by a copy each time, and leaves the session's target as it was", async () => {
    const pagesAfterRewrites = async (table: string, vacuum: boolean) => {
      await sql`create table ${sql.id(table)} (id int primary key, n int, note text)`.execute(k);
      await sql`insert into ${sql.id(table)} select g, 0, repeat('x', 200) from generate_series(1, 2000) g`.execute(k);
      await analyzeGrownTables(k, { written: [table], statisticsTarget: EMBEDDED_STATISTICS_TARGET, vacuum });
      for (let round = 1; round <= 12; round++) {
        await sql`update ${sql.id(table)} set n = ${round}`.execute(k);
        await analyzeGrownTables(k, { written: [table], statisticsTarget: EMBEDDED_STATISTICS_TARGET, vacuum });
      }
      return Number((await sql<{ n: number }>`select pg_relation_size(${table}) / 8192 as n`.execute(k)).rows[0].n);
    };
    const vacuumed = await pagesAfterRewrites('rewritten_vacuumed', true);
    const analysed = await pagesAfterRewrites('rewritten_analysed', false);
    // Measured: 306 pages against 776 (13 copies of every row).
    expect(vacuumed).toBeLessThan(analysed / 2);
    expect(await reltuples('rewritten_vacuumed')).toBe(2000);
    expect((await sql<{ target: string }>`select current_setting('default_statistics_target') as target`.execute(k)).rows).toEqual([{ target: '100' }]);
  });

  it('after its first pass, sends nothing while nothing is written, and analyses a written table that grew', async () => {
    const { counted, statements: sent } = countingStatements();
    const [worker] = plannerStatisticsWorkers({ ...db, kysely: counted }, pino({ level: 'silent' }));
    await sql`create table watched (id int primary key, note text)`.execute(k);
    await sql`insert into watched select g, repeat('x', 200) from generate_series(1, 1000) g`.execute(k);
    await worker.runOnce();
    expect(await reltuples('watched')).toBe(1000);

    sent.count = 0;
    await worker.runOnce();
    await worker.runOnce();
    expect(sent.count).toBe(0);

    await sql`insert into "watched" select g, repeat('x', 200) from generate_series(1001, 3000) g`.execute(k);
    await worker.runOnce();
    expect(sent.count).toBeGreaterThan(0);
    expect(await reltuples('watched')).toBe(3000);
  });

  it('notes the tables a statement writes, a common table expression’s too, those its triggers write, and none for a plain select or the maintenance of a table', () => {
    const writes = new TableWrites();
    const note = (statement: string) => writes.add(writtenTables(statement));
    note('select * from bookings where account_id = $1 for update');
    expect(writes.take()).toEqual([]);
    note('with "segments" as (insert into "booking_segments" values ($1)) insert into "bookings" values ($2) returning *');
    note('update resources set updated_at = now() where id = $1');
    note('delete from public.events where id = $1');
    note('select 1 from (delete from attendees where id = $1 returning 1) d');
    // Writing resources may fire the reminder queue's trigger (migration 014).
    expect(writes.take().sort()).toEqual(['attendees', 'booking_segments', 'bookings', 'events', 'reminder_queue', 'resources']);
    expect(writes.take()).toEqual([]);
    // The delivery queue is written by the trigger of webhook_deliveries only (migration 028).
    note('update webhook_deliveries set status = $1 where platform_id = $2 and id = $3');
    expect(writes.take().sort()).toEqual(['webhook_deliveries', 'webhook_delivery_queue']);
    // The statistics pass's own statements write no rows.
    note('vacuum (index_cleanup on, truncate off) "webhook_delivery_queue"');
    note('reindex index concurrently "bookings_series_start"');
    expect(writes.take()).toEqual([]);
  });

  it('on a PostgreSQL server that gathers its own statistics, asks once and then sends nothing', async () => {
    // The in-memory PGlite stands in for the server: it reports autovacuum on, as a server
    // does by default (PGlite itself runs none, which is why the worker keeps its statistics).
    const { counted, statements: sent } = countingStatements();
    const [worker] = plannerStatisticsWorkers({ ...db, kind: 'postgres', kysely: counted }, pino({ level: 'silent' }));
    expect(worker.name).toBe('planner-statistics');
    await worker.runOnce();
    expect(sent.count).toBe(1);

    await sql`create table gathered_by_the_server (id int primary key)`.execute(k);
    await sql`insert into gathered_by_the_server select g from generate_series(1, 1000) g`.execute(k);
    sent.count = 0;
    await worker.runOnce();
    expect(sent.count).toBe(0);
    expect(await reltuples('gathered_by_the_server')).toBeLessThan(0);
  });
});
