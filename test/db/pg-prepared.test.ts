import { afterAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { connect } from '../../src/db/connect.js';
import { PLAN_ONCE_TEXT } from '../../src/db/plan-once.js';
import { isCitus } from '../../src/db/distribution.js';
import { freshDatabase } from '../support/database.js';

// Named prepared statements on PostgreSQL (src/db/driver/pg-prepared.ts); the embedded
// database has its own (test/db/pglite-driver.test.ts).
const onServer = Boolean(process.env.DATABASE_URL);
const fresh = onServer ? await freshDatabase({ migrated: false }) : null;
afterAll(async () => fresh?.drop());
const citus = fresh ? isCitus(fresh.db.kysely) : Promise.resolve(false);

/** Runs `work` on one connection of the pool, then lists the statements that connection has prepared. */
async function onOneConnection(db: Kysely<any>, work: (conn: Kysely<any>) => Promise<void>): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    await work(conn);
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn);
    return rows.map((r) => r.statement);
  });
}

describe.runIf(onServer)('statements sent to PostgreSQL', () => {
  it('are prepared on their connection from the second time a text is sent, and answer as before', async () => {
    const db = fresh!.db.kysely;
    await sql`create table if not exists prepared_rows (id int primary key, note text)`.execute(db);
    await sql`insert into prepared_rows values (1, 'one'), (2, 'two') on conflict do nothing`.execute(db);
    const answers: string[] = [];
    const prepared = await onOneConnection(db, async (conn) => {
      for (const id of [1, 2, 1]) answers.push((await sql<{ note: string }>`select note from prepared_rows where id = ${id}`.execute(conn)).rows[0].note);
    });
    expect(answers).toEqual(['one', 'two', 'one']);
    expect(prepared).toContain('select note from prepared_rows where id = $1');
  });

  it('stay unnamed when they carry no values', async () => {
    const db = fresh!.db.kysely;
    await sql`create table if not exists prepared_rows (id int primary key, note text)`.execute(db);
    const prepared = await onOneConnection(db, async (conn) => {
      for (let i = 0; i < 3; i++) await sql`select count(*) from prepared_rows`.execute(conn);
    });
    expect(prepared.filter((s) => s.includes('count(*)'))).toEqual([]);
  });

  it('are parsed once and keep one plan made without their values when marked, and leave the plan cache of their connection as it was (on Citus: unnamed)', async () => {
    const db = fresh!.db.kysely;
    await sql`create table if not exists prepared_rows (id int primary key, note text)`.execute(db);
    await sql`insert into prepared_rows values (1, 'one'), (2, 'two') on conflict do nothing`.execute(db);
    const { answers, plans, mode } = await db.connection().execute(async (conn) => {
      const answers: string[] = [];
      // Eight runs: left to itself, the server would plan the first five with their values.
      for (const id of [1, 2, 1, 2, 1, 2, 1, 2]) answers.push((await sql<{ note: string }>`select ${sql.raw(PLAN_ONCE_TEXT)} note from prepared_rows where id = ${id}`.execute(conn)).rows[0].note);
      const plans = await sql<{ generic_plans: number; custom_plans: number }>`
        select generic_plans, custom_plans from pg_prepared_statements where statement like ${'%' + PLAN_ONCE_TEXT + '%'}`.execute(conn);
      const mode = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(conn);
      return { answers, plans: plans.rows, mode: mode.rows[0].plan_cache_mode };
    });
    expect(answers).toEqual(['one', 'two', 'one', 'two', 'one', 'two', 'one', 'two']);
    expect(mode).toBe('auto');
    if (await citus) expect(plans).toEqual([]);
    // The first run goes unnamed (a text is named the second time it is seen); the other seven keep one plan.
    else expect(plans).toEqual([{ generic_plans: 7, custom_plans: 0 }]);
  });

  it('leave the plan cache of their connection as it was when a marked statement fails, in a transaction or not', async () => {
    const db = fresh!.db.kysely;
    const modes = await db.connection().execute(async (conn) => {
      const failing = (divisor: number) => sql`select ${sql.raw(PLAN_ONCE_TEXT)} 1 / ${divisor}::int as quotient`.execute(conn);
      for (const divisor of [1, 2]) await failing(divisor);
      const modes: string[] = [];
      const mode = async () => modes.push((await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(conn)).rows[0].plan_cache_mode);
      await expect(failing(0)).rejects.toMatchObject({ code: '22012' });
      await mode();
      await sql`begin`.execute(conn);
      await expect(failing(0)).rejects.toMatchObject({ code: '22012' });
      await sql`rollback`.execute(conn);
      await mode();
      expect((await failing(4)).rows).toEqual([{ quotient: 0 }]);
      await mode();
      return modes;
    });
    expect(modes).toEqual(['auto', 'auto', 'auto']);
  });

  it('are prepared afresh once their table changed shape under them', async () => {
    const db = fresh!.db.kysely;
    await sql`create table if not exists reshaped_rows (id int primary key)`.execute(db);
    await sql`insert into reshaped_rows values (1) on conflict do nothing`.execute(db);
    const row = await db.connection().execute(async (conn) => {
      const read = () => sql<Record<string, unknown>>`select * from reshaped_rows where id = ${1}`.execute(conn);
      await read();
      await read();
      await sql`alter table reshaped_rows add column note text default 'added'`.execute(conn);
      // PostgreSQL refuses the prepared plan once (its result type changed); the next run takes a new name.
      await read().catch((err: { code?: string }) => expect(err.code).toBe('0A000'));
      return (await read()).rows[0];
    });
    expect(row).toEqual({ id: 1, note: 'added' });
  });

  it('stay unnamed when prepared statements are turned off (a pooler that cannot keep them)', async () => {
    const db = await connect({ databaseUrl: fresh!.url, dataDir: null, poolSize: 1, preparedStatements: false });
    try {
      await sql`create table if not exists prepared_rows (id int primary key, note text)`.execute(db.kysely);
      const prepared = await onOneConnection(db.kysely, async (conn) => {
        for (const id of [1, 2, 3]) await sql`select note from prepared_rows where id = ${id}`.execute(conn);
      });
      expect(prepared).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
