import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { connect } from '../../src/db/connect.js';
import { withTransaction } from '../../src/db/transaction.js';
import { SENT_WITH_NEXT_TEXT, sentWithNext } from '../../src/db/sent-with-next.js';
import { StatementNames } from '../../src/db/driver/pg-prepared.js';
import { sendStatements } from '../../src/db/driver/pg-round-trips.js';
import { roundTripQueryClass } from '../../src/db/driver/pg-round-trip-query.js';
import { PLAN_ONCE_TEXT } from '../../src/db/plan-once.js';
import { freshDatabase } from '../support/database.js';

// What a connection to PostgreSQL sends in one round trip (src/db/driver/pg-round-trips.ts):
// BEGIN with the first statement, a write marked to go with the next one with COMMIT. The
// statements are sent as kysely sends them: text and values, BEGIN and COMMIT without values.
const onServer = Boolean(process.env.DATABASE_URL);
const fresh = onServer ? await freshDatabase({ migrated: false }) : null;
afterAll(async () => fresh?.drop());

/** A connection as the service makes them, and a count of its round trips (one ReadyForQuery each). */
async function connection(): Promise<{ client: pg.Client; roundTrips: () => number; close: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: fresh!.url! });
  await client.connect();
  await client.query('create table if not exists trip_rows (id int primary key, note text)');
  sendStatements(client as unknown as pg.PoolClient, new StatementNames(), roundTripQueryClass(pg));
  let count = 0;
  (client as unknown as { connection: NodeJS.EventEmitter }).connection.on('readyForQuery', () => count++);
  return { client, roundTrips: () => count, close: () => client.end() };
}

/** Runs `work` on a new connection, closed after it, with the table emptied first. */
async function onConnection(work: (c: { client: pg.Client; roundTrips: () => number }) => Promise<void>): Promise<void> {
  const { client, roundTrips, close } = await connection();
  try {
    await client.query('delete from trip_rows', []);
    await work({ client, roundTrips });
  } finally {
    await close();
  }
}

/** The Parse messages the connection sends from now on: text and name (empty: unnamed). */
function parsesOf(client: pg.Client): { text: string; name?: string }[] {
  const connection = (client as unknown as { connection: { parse(message: { text: string; name?: string }): void } }).connection;
  const seen: { text: string; name?: string }[] = [];
  const parse = connection.parse.bind(connection);
  connection.parse = (message) => {
    seen.push({ text: message.text, name: message.name });
    parse(message);
  };
  return seen;
}

const rowsOf = async (client: pg.Client) => (await client.query('select id, note from trip_rows order by id', [])).rows;
const heldInsert = `insert into trip_rows values ($1, $2) ${SENT_WITH_NEXT_TEXT}`;

describe.runIf(onServer)('round trips to PostgreSQL', () => {
  it('carry BEGIN with the transaction’s first statement and a marked write with COMMIT: a transaction of two statements takes two', () =>
    onConnection(async ({ client, roundTrips }) => {
      const before = roundTrips();
      await client.query('begin', []);
      const locked = await client.query('select count(*)::int as n from trip_rows where id > $1', [0]);
      const held = await client.query(heldInsert, [1, 'counted']);
      const committed = await client.query('commit', []);
      expect(roundTrips() - before).toBe(2);
      expect(locked.rows).toEqual([{ n: 0 }]);
      expect(held.rows).toEqual([]);
      expect(committed.command).toBe('COMMIT');
      expect(await rowsOf(client)).toEqual([{ id: 1, note: 'counted' }]);
    }));

  it('cost nothing for a transaction that sends no statement, and drop a held write on ROLLBACK', () =>
    onConnection(async ({ client, roundTrips }) => {
      const before = roundTrips();
      await client.query('begin', []);
      expect((await client.query('commit', [])).command).toBe('COMMIT');
      await client.query('begin', []);
      await client.query('rollback', []);
      expect(roundTrips() - before).toBe(0);
      await client.query('begin', []);
      await client.query('insert into trip_rows values ($1, $2)', [2, 'written']);
      await client.query(heldInsert, [3, 'held']);
      await client.query('rollback', []);
      expect(roundTrips() - before).toBe(2);
      expect(await rowsOf(client)).toEqual([]);
    }));

  it('make a held write’s error the error of COMMIT, which then commits nothing', () =>
    onConnection(async ({ client }) => {
      await client.query('insert into trip_rows values ($1, $2)', [1, 'there']);
      await client.query('begin', []);
      await client.query('insert into trip_rows values ($1, $2)', [2, 'in the transaction']);
      await client.query(heldInsert, [1, 'a duplicate']);
      await expect(client.query('commit', [])).rejects.toMatchObject({ code: '23505' });
      await client.query('rollback', []); // what kysely sends after a failed COMMIT
      expect(await rowsOf(client)).toEqual([{ id: 1, note: 'there' }]);
    }));

  it('send a script of several statements after the held BEGIN, on the simple protocol', () =>
    onConnection(async ({ client }) => {
      await client.query('begin', []);
      await client.query("insert into trip_rows values (5, 'one'); insert into trip_rows values (6, 'two')", []);
      await client.query('commit', []);
      expect((await rowsOf(client)).map((r) => r.id)).toEqual([5, 6]);
    }));

  it('hold nothing back outside a transaction, however the last one ended', () =>
    onConnection(async ({ client, roundTrips }) => {
      await client.query('begin', []);
      await client.query('insert into trip_rows values ($1, $2)', [9, 'in the transaction']);
      await client.query("select 'a script that ends it'; commit", []);
      const before = roundTrips();
      await client.query(heldInsert, [10, 'at once']);
      expect(roundTrips() - before).toBe(1);
      expect((await rowsOf(client)).map((r) => r.id)).toEqual([9, 10]);
    }));

  it('run a named statement planned with its values after a held BEGIN, and answer as before', () =>
    onConnection(async ({ client }) => {
      await client.query("insert into trip_rows values (7, 'seven'), (8, 'eight')", []);
      const marked = `select ${PLAN_ONCE_TEXT} note from trip_rows where id = $1`;
      const notes: string[] = [];
      for (const id of [7, 8, 7]) {
        await client.query('begin', []);
        notes.push((await client.query(marked, [id])).rows[0].note);
        await client.query('commit', []);
      }
      expect(notes).toEqual(['seven', 'eight', 'seven']);
      expect((await client.query('show plan_cache_mode', [])).rows).toEqual([{ plan_cache_mode: 'auto' }]);
    }));

  it('prepare a repeated held write under its name once a connection, then only bind it', () =>
    onConnection(async ({ client, roundTrips }) => {
      const parses = parsesOf(client);
      const before = roundTrips();
      for (const id of [1, 2, 3, 4]) {
        await client.query('begin', []);
        await client.query(heldInsert, [id, 'held']);
        await client.query('select count(*) from trip_rows where id > $1', [0]);
        await client.query('commit', []);
      }
      expect(roundTrips() - before).toBe(8);
      // Unnamed the first time (a text seen once), then named: parsed once, bound after.
      expect(parses.filter((p) => p.text === heldInsert).map((p) => Boolean(p.name))).toEqual([false, true]);
      expect((await rowsOf(client)).map((r) => r.id)).toEqual([1, 2, 3, 4]);
    }));

  it('parse a held write’s name again when the round trip that carried it failed before it ran', () =>
    onConnection(async ({ client }) => {
      await client.query('insert into trip_rows values ($1, $2)', [1, 'there']);
      const duplicate = `insert into trip_rows values ($1, $2) on conflict (note) do nothing ${SENT_WITH_NEXT_TEXT}`;
      await client.query('begin', []);
      await client.query(heldInsert, [2, 'seen once']);
      await client.query('commit', []);
      // Named now, but the statement before it fails: the server skips its Parse.
      await client.query('begin', []);
      await client.query(duplicate, [3, 'no such constraint']);
      await client.query(heldInsert, [4, 'never ran']);
      await expect(client.query('commit', [])).rejects.toMatchObject({ code: '42P10' });
      await client.query('rollback', []);
      await client.query('begin', []);
      await client.query(heldInsert, [5, 'parsed again']);
      await client.query('commit', []);
      expect((await rowsOf(client)).map((r) => r.id)).toEqual([1, 2, 5]);
    }));

  it('give withTransaction a held write’s error, retried or not, and commit nothing of the use case', async () => {
    const db = await connect({ databaseUrl: fresh!.url, dataDir: null, poolSize: 1 });
    try {
      await sql`create table if not exists trip_rows (id int primary key, note text)`.execute(db.kysely);
      await sql`delete from trip_rows`.execute(db.kysely);
      await sql`insert into trip_rows values (1, 'there')`.execute(db.kysely);
      const failing = withTransaction(db.kysely, async (trx) => {
        await sql`insert into trip_rows values (${2}, ${'use case'})`.execute(trx);
        await sql`insert into trip_rows values (${1}, ${'a duplicate'}) ${sentWithNext}`.execute(trx);
      });
      await expect(failing).rejects.toMatchObject({ code: '23505' });
      const rows = await sql<{ id: number }>`select id from trip_rows order by id`.execute(db.kysely);
      expect(rows.rows.map((r) => r.id)).toEqual([1]);
      await withTransaction(db.kysely, async (trx) => {
        await sql`insert into trip_rows values (${3}, ${'use case'})`.execute(trx);
        await sql`insert into trip_rows values (${4}, ${'held'}) ${sentWithNext}`.execute(trx);
      });
      const after = await sql<{ id: number }>`select id from trip_rows order by id`.execute(db.kysely);
      expect(after.rows.map((r) => r.id)).toEqual([1, 3, 4]);
    } finally {
      await db.close();
    }
  });
});
