/**
 * How a PostgreSQL process's workers hear of work another process wrote (docs/configuration.md#workers):
 * the writer's COMMIT carries a notice of the tables its transaction wrote (src/db/driver/write-watch.ts),
 * at most once per table every WORK_NOTICE_GAP_MS, and the listener wakes the workers of those
 * tables (src/db/driver/committed-writes.ts). PostgreSQL only.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { connect } from '../../src/db/connect.js';
import { WORK_NOTICE_GAP_MS } from '../../src/db/driver/write-watch.js';
import { freshDatabase } from '../support/database.js';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!process.env.DATABASE_URL)('notices of work written by another process', async () => {
  const writer = process.env.DATABASE_URL ? await freshDatabase() : null;
  const worker = writer ? await connect({ databaseUrl: writer.url, dataDir: null, poolSize: 2 }) : null;
  afterAll(async () => {
    await worker?.close();
    await writer?.drop();
  });

  /** The times the worker process heard of a commit that wrote `table`. */
  function heard(table: string): number[] {
    const times: number[] = [];
    worker!.committedWrites.on([table], () => times.push(Date.now()));
    return times;
  }
  const touch = (table: string) => sql`update ${sql.table(table)} set id = id where id = 'none'`;

  it("wakes the other process's workers of the tables a transaction wrote, once it has committed", async () => {
    await worker!.listenForWrites!();
    const series = heard('series');
    const exports = heard('exports');
    await pause(WORK_NOTICE_GAP_MS);
    await writer!.db.kysely.transaction().execute(async (trx) => {
      await touch('series').execute(trx);
      await pause(200);
      expect(series).toEqual([]); // not before the commit
    });
    const committed = Date.now();
    while (series.length === 0 && Date.now() - committed < 2000) await pause(5);
    expect(series).toHaveLength(1);
    expect(exports).toEqual([]);
  });

  it('sends no notice for a transaction rolled back, and one per table and gap however many commits', async () => {
    const sessions = heard('booking_sessions');
    await pause(WORK_NOTICE_GAP_MS);
    await writer!.db.kysely
      .transaction()
      .execute(async (trx) => {
        await touch('booking_sessions').execute(trx);
        throw new Error('undo');
      })
      .catch(() => {});
    for (let i = 0; i < 5; i++) await writer!.db.kysely.transaction().execute((trx) => touch('booking_sessions').execute(trx));
    await pause(WORK_NOTICE_GAP_MS + 300);
    expect(sessions.length).toBeGreaterThanOrEqual(1);
    expect(sessions.length).toBeLessThan(5);
  });
});
