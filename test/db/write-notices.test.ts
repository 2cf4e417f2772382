/**
 * How a PostgreSQL process hears of another's change to keys, platforms and accounts
 * (src/db/driver/write-notices.ts): the writer's driver notifies in the writing transaction,
 * the listener moves the watch of the key cache. PostgreSQL only.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { connect, type Db } from '../../src/db/connect.js';
import { freshDatabase } from '../support/database.js';
import { createPlatform } from '../../src/tenancy/platforms.repository.js';
import { revokeKey } from '../../src/tenancy/api-keys.repository.js';
import { cachedKeyLookup } from '../../src/tenancy/key-cache.js';
import { WriteWatch } from '../../src/db/driver/write-watch.js';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once the watch has moved past `from`, failing after `ms`. */
async function movedWithin(db: Db, from: number, ms: number): Promise<number> {
  const started = Date.now();
  while (db.authWrites.generation === from) {
    if (Date.now() - started > ms) throw new Error(`the watch did not move within ${ms} ms`);
    await pause(5);
  }
  return Date.now() - started;
}

/** The watch's generation once no notice has moved it for 300 ms. */
async function settled(db: Db): Promise<number> {
  for (;;) {
    const seen = db.authWrites.generation;
    await pause(300);
    if (db.authWrites.generation === seen) return seen;
  }
}

describe.skipIf(!process.env.DATABASE_URL)('notices of changes to the auth tables between processes', async () => {
  const writer = process.env.DATABASE_URL ? await freshDatabase() : null;
  const reader = writer ? await connect({ databaseUrl: writer.url, dataDir: null, poolSize: 2 }) : null;
  afterAll(async () => {
    await reader?.close();
    await writer?.drop();
  });

  it('moves the watch of a listening process when another commits a change, not before, and not for a rollback', async () => {
    const w = writer!.db;
    const r = reader!;
    await r.listenForWrites!();
    const platform = await createPlatform(w.kysely, 'Notices');
    const key = await w.kysely.selectFrom('api_keys').select('id').where('platform_id', '=', platform.id).executeTakeFirstOrThrow();

    // The platform's own notices travel too: the starting point is read once they have all
    // arrived (a loaded machine, or a Citus coordinator, may deliver them late).
    let from = await settled(r);
    await expect(
      w.kysely.transaction().execute(async (trx) => {
        await revokeKey(trx, key.id);
        await pause(300);
        // Nothing is announced before COMMIT, and this transaction never commits.
        expect(r.authWrites.generation).toBe(from);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await pause(300);
    expect(r.authWrites.generation).toBe(from);

    // Writes to other tables say nothing.
    await w.kysely.transaction().execute(async (trx) => {
      await sql`create temp table notice_probe (a int) on commit drop`.execute(trx);
      await sql`insert into notice_probe values (1)`.execute(trx);
    });
    await pause(200);
    expect(r.authWrites.generation).toBe(from);

    await w.kysely.transaction().execute(async (trx) => {
      await revokeKey(trx, key.id);
      await pause(200);
      expect(r.authWrites.generation).toBe(from);
    });
    expect(await movedWithin(r, from, 1_000)).toBeLessThan(1_000);

    from = r.authWrites.generation;
    await w.kysely.updateTable('platforms').set({ api_version: '2026-01-01' }).where('id', '=', platform.id).execute();
    await movedWithin(r, from, 1_000);
  });

  it('moves the watch when the listening connection is lost, and listens again', async () => {
    const w = writer!.db;
    const r = reader!;
    await r.listenForWrites!();
    const from = r.authWrites.generation;
    const killed = await sql<{ done: boolean }>`
      select pg_terminate_backend(pid) as done from pg_stat_activity
      where datname = current_database() and query ilike 'listen %'`.execute(w.kysely);
    expect(killed.rows.length).toBe(1);
    await movedWithin(r, from, 1_000);
    // Back within the reconnect delay: a later change is heard again.
    const deadline = Date.now() + 5_000;
    let heard = false;
    while (!heard && Date.now() < deadline) {
      const before = r.authWrites.generation;
      await createPlatform(w.kysely, 'After the loss');
      heard = await movedWithin(r, before, 500).then(
        () => true,
        () => false,
      );
    }
    expect(heard).toBe(true);
  });
});

describe('the key cache', () => {
  it('keeps an answer at most maxAgeMs from the start of its read, and not at all when the watch moves during it', async () => {
    const watch = new WriteWatch(['api_keys']);
    let clock = 0;
    let reads = 0;
    const find = (async () => {
      reads++;
      return null;
    }) as never;
    const lookup = cachedKeyLookup(watch, { maxAgeMs: 1_000, now: () => clock, find });
    const db = null as never;
    await lookup(db, 'sk_test_a', null);
    clock = 999;
    await lookup(db, 'sk_test_a', null);
    expect(reads).toBe(1);
    clock = 1_000;
    await lookup(db, 'sk_test_a', null);
    expect(reads).toBe(2);
    watch.changed();
    await lookup(db, 'sk_test_a', null);
    expect(reads).toBe(3);

    const moving = cachedKeyLookup(watch, {
      find: (async () => {
        reads++;
        watch.changed();
        return null;
      }) as never,
    });
    await moving(db, 'sk_test_b', null);
    await moving(db, 'sk_test_b', null);
    expect(reads).toBe(5);
  });
});
