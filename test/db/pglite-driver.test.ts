import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { connect } from '../../src/db/connect.js';

// The embedded engine's driver (src/db/pglite-driver.ts) prepares a statement the second
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

  it('reports a database error of a prepared statement with its code, and goes on working', async () => {
    const insert = (id: string) => sql`insert into driver_probe (id) values (${id})`.execute(k);
    await insert('dup-1');
    await insert('dup-2');
    await expect(insert('dup-1')).rejects.toMatchObject({ code: '23505' });
    await insert('dup-3');
    const { rows } = await sql`select count(*)::int as n from driver_probe where id like 'dup-%'`.execute(k);
    expect(rows).toEqual([{ n: 3 }]);
  });
});
