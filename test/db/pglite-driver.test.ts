import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connect } from '../../src/db/connect.js';
import { planOnce } from '../../src/db/plan-once.js';

// The embedded engine's driver (src/db/driver/pglite-driver.ts) prepares a statement the second
// time it sees its text; these tests run the same text many times and compare.
const db = await connect({ databaseUrl: null, dataDir: null });
afterAll(() => db.close());
const k = db.kysely;

await sql`create table driver_probe (id text primary key, at timestamptz, doc jsonb, tags text[], n bigint, day date)`.execute(k);

describe('the embedded database driver', () => {
  it('answers a prepared statement exactly as it answered the text before it was prepared', async () => {
    const at = new Date('2031-03-30T01:30:00.123Z');
    await sql`insert into driver_probe values (${'a'}, ${at}, ${JSON.stringify({ x: [1, 'two'] })}::jsonb, ${['p', 'q']}::text[], ${'9007199254740993'}::bigint, ${'2031-03-30'})`.execute(k);
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const { rows } = await sql<Record<string, unknown>>`select * from driver_probe where id = ${'a'} and at <= ${at} and tags && ${['q']}::text[] and (${null}::text is null)`.execute(k);
      answers.push(rows);
    }
    expect(answers[0]).toEqual([{ id: 'a', at, doc: { x: [1, 'two'] }, tags: ['p', 'q'], n: 9007199254740993n, day: '2031-03-30' }]);
    for (const a of answers) expect(a).toEqual(answers[0]);
  });

  it('counts the rows a prepared write changes', async () => {
    for (let i = 0; i < 3; i++) {
      const result = await sql`update driver_probe set n = n + 1 where id = ${'a'}`.execute(k);
      expect(result.numAffectedRows).toBe(1n);
    }
  });

  it('rolls back what a prepared statement wrote inside a failed transaction', async () => {
    for (let i = 0; i < 3; i++) {
      await expect(
        k.transaction().execute(async (trx) => {
          await sql`insert into driver_probe (id) values (${`rolled-${i}`})`.execute(trx);
          throw new Error('abandon');
        }),
      ).rejects.toThrow('abandon');
    }
    const { rows } = await sql`select id from driver_probe where id like 'rolled-%'`.execute(k);
    expect(rows).toEqual([]);
  });

  it('keeps answering a prepared select * after its table gains a column', async () => {
    const read = () => sql<Record<string, unknown>>`select * from driver_probe where id = ${'a'}`.execute(k);
    await read();
    await read();
    await sql`alter table driver_probe add column extra text default 'new'`.execute(k);
    const { rows } = await read();
    expect(rows[0].extra).toBe('new');
  });

  it('prepares new texts after it has dropped a statement whose table changed shape', async () => {
    await sql`create table driver_shape (id text primary key)`.execute(k);
    const read = () => sql<Record<string, unknown>>`select * from driver_shape where id = ${'x'}`.execute(k);
    const later = () => sql<{ n: number }>`select ${1}::int as n, 'prepared after the shape read' as why`.execute(k);
    const newest = () => sql<{ n: number }>`select ${2}::int as n, 'prepared after the drop' as why`.execute(k);
    // The shape read is prepared, then another text after it; the table's change drops the first.
    for (let i = 0; i < 2; i++) await read();
    for (let i = 0; i < 2; i++) await later();
    await sql`alter table driver_shape add column extra text`.execute(k);
    await read();
    // A text prepared now needs a name of its own, not the one the drop left free.
    for (let i = 0; i < 3; i++) expect((await newest()).rows).toEqual([{ n: 2, why: 'prepared after the drop' }]);
    for (let i = 0; i < 2; i++) expect((await later()).rows).toEqual([{ n: 1, why: 'prepared after the shape read' }]);
  });

  it('reports a database error of a prepared statement with its code, and goes on working', async () => {
    const insert = (id: string) => sql`insert into driver_probe (id) values (${id})`.execute(k);
    await insert('dup-1');
    await insert('dup-2');
    await expect(insert('dup-1')).rejects.toMatchObject({ code: '23505' });
    await insert('dup-3');
    const { rows } = await sql`select count(*)::int as n from driver_probe where id like 'dup-%'`.execute(k);
    expect(rows).toEqual([{ n: 3 }]);
  });

  it('reads nulls, non-ASCII text, many rows and no rows from a prepared statement as PGlite reads them unprepared', async () => {
    const text = 'Zoë — 東京 🗓️ \\ "quoted"';
    const shapes = [
      () => sql`select ${null}::text as nothing, ${text}::text as text, ${''}::text as empty, 1.5::numeric as n, true as yes`.execute(k),
      () => sql`select g as i, repeat(${'é'}, g % 50) as s, case when g % 3 = 0 then null else g end as maybe from generate_series(1, ${3000}::int) g`.execute(k),
      () => sql`select id from driver_probe where id = ${'no such id'}`.execute(k),
    ];
    for (const shape of shapes) {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await shape()).rows);
      for (const a of answers) expect(a).toEqual(answers[0]);
    }
    const { rows } = await shapes[0]();
    expect(rows).toEqual([{ nothing: null, text, empty: '', n: '1.5', yes: true }]);
  });

  it('returns the rows of a prepared write with returning, and none without', async () => {
    for (let i = 0; i < 3; i++) {
      const inserted = await sql`insert into driver_probe (id, n) values (${`ret-${i}`}, ${i}) returning id, n`.execute(k);
      expect(inserted.rows).toEqual([{ id: `ret-${i}`, n: i }]);
      expect(inserted.numAffectedRows).toBe(1n);
      const deleted = await sql`delete from driver_probe where id = ${`ret-${i}`}`.execute(k);
      expect(deleted.rows).toEqual([]);
      expect(deleted.numAffectedRows).toBe(1n);
    }
  });

  it('gives a prepared statement the same error fields as the statement before it was prepared', async () => {
    await sql`insert into driver_probe (id) values (${'fields-1'})`.execute(k);
    const errors = [];
    for (let i = 0; i < 3; i++) errors.push(await sql`insert into driver_probe (id) values (${'fields-1'})`.execute(k).catch((err: unknown) => err));
    const fields = (e: any) => ({ name: e.name, message: e.message, code: e.code, severity: e.severity, detail: e.detail, table: e.table, constraint: e.constraint, schema: e.schema });
    expect(fields(errors[0])).toMatchObject({ code: '23505', table: 'driver_probe', constraint: 'driver_probe_pkey' });
    for (const e of errors) {
      expect(e).toBeInstanceOf(Error);
      expect(fields(e)).toEqual(fields(errors[0]));
    }
  });

  it('keeps the generic plan of a statement marked to be planned once from its first execution, and plans every other statement as before', async () => {
    const marked = (n: number) => sql<{ n: number }>`select ${planOnce} ${n}::int as n, 'marked' as why`.execute(k);
    const plain = (n: number) => sql<{ n: number }>`select ${n}::int as n, 'plain' as why`.execute(k);
    for (let i = 0; i < 10; i++) {
      expect((await marked(i)).rows).toEqual([{ n: i, why: 'marked' }]);
      expect((await plain(i)).rows).toEqual([{ n: i, why: 'plain' }]);
    }
    const { rows } = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
      select statement, generic_plans::text, custom_plans::text from pg_prepared_statements`.execute(k);
    const plans = (why: string) => rows.find((r) => r.statement.includes(`'${why}'`));
    // Prepared once seen twice; PostgreSQL makes custom plans five times before it weighs a generic one.
    expect(plans('marked')).toMatchObject({ generic_plans: '9', custom_plans: '0' });
    expect(Number(plans('plain')?.custom_plans)).toBe(5);
    expect((await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(k)).rows).toEqual([{ mode: 'auto' }]);
  });

  it("leaves the session's plan cache mode as it was when a marked statement fails, in a transaction or outside one", async () => {
    const failing = (divisor: number) => sql`select ${planOnce} 1 / ${divisor}::int as q, 'failing' as why`.execute(k);
    for (let i = 0; i < 3; i++) await failing(1);
    await expect(failing(0)).rejects.toThrow(/division by zero/);
    await expect(db.kysely.transaction().execute(async (tx) => {
      await sql`select ${planOnce} 1 / ${0}::int as q, 'failing' as why`.execute(tx);
    })).rejects.toThrow(/division by zero/);
    expect((await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(k)).rows).toEqual([{ mode: 'auto' }]);
  });

  it('runs with the buffer pool it is given, 16MB in memory and 128MB on a data folder when none is', async () => {
    const { rows: given } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(k);
    expect(given[0].shared_buffers).toBe('16MB');
    const larger = await connect({ databaseUrl: null, dataDir: null, pgliteSharedBuffers: '48MB' });
    try {
      const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(larger.kysely);
      expect(rows[0].shared_buffers).toBe('48MB');
    } finally {
      await larger.close();
    }
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'sched-buffers-'));
    const onFolder = await connect({ databaseUrl: null, dataDir: folder });
    try {
      const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(onFolder.kysely);
      expect(rows[0].shared_buffers).toBe('128MB');
    } finally {
      await onFolder.close();
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});
