import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'kysely';
import { connect } from '../../src/db/connect.js';
import { analyzeGrownTables } from '../../src/db/planner-statistics.js';
import { plannerStatisticsWorkers } from '../../src/workers/planner-statistics.js';

// The embedded database's stand-in for autovacuum (src/db/planner-statistics.ts), on an
// in-memory PGlite of its own whatever database the suite runs on.
const db = await connect({ databaseUrl: null, dataDir: null });
afterAll(() => db.close());
const k = db.kysely;

const reltuples = async (table: string) =>
  Number((await sql<{ n: number }>`select reltuples as n from pg_class where relname = ${table}`.execute(k)).rows[0].n);

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

  it('runs as a worker on the embedded database only', () => {
    const logger = pino({ level: 'silent' });
    expect(plannerStatisticsWorkers(db, logger).map((w) => w.name)).toEqual(['planner-statistics']);
    expect(plannerStatisticsWorkers({ ...db, kind: 'postgres' }, logger)).toEqual([]);
  });
});
