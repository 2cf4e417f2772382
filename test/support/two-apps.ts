/**
 * Two app instances on one fresh database, for the race tests (docs/development.md). On
 * PostgreSQL each has its own connection pool, as two processes would. On PGlite one process
 * holds the database (its data folder lock), so the two instances in that process share its
 * one connection queue: the race runs through the queue.
 */
import { TEST_SECRETS_KEY } from './secrets-key.js';
import { loadConfig } from '../../src/config.js';
import { connect } from '../../src/db/connect.js';
import { buildApp } from '../../src/app.js';
import type { Clock } from '../../src/lib/clock.js';
import { createPlatform } from '../../src/tenancy/platforms.repository.js';
import { freshDatabase } from './database.js';
import { Client } from './harness.js';

export const TWO_APPS = process.env.DATABASE_URL ? 'PostgreSQL, a pool each' : 'PGlite, one shared queue';

/** Runs `race` with a client of one new account on each app, then closes both apps and drops the database. */
export async function withTwoApps(race: (api1: Client, api2: Client) => Promise<void>, options: { clock?: Clock } = {}): Promise<void> {
  const { db: db1, url, drop } = await freshDatabase();
  const db2 = url ? await connect({ databaseUrl: url, dataDir: null, poolSize: 12 }) : db1;
  const config = { ...loadConfig({ NODE_ENV: 'test', SECRETS_KEY: TEST_SECRETS_KEY }), rateLimitLive: 1_000_000, rateLimitTest: 1_000_000 };
  const app1 = await buildApp(db1, config, false, options);
  const app2 = await buildApp(db2, config, false, options);
  try {
    const platform = await createPlatform(db1.kysely, 'Two apps');
    const c1 = new Client(app1, platform.testKey);
    const account = (await c1.post('/v1/accounts', { name: 'Shared' })).body.id;
    await race(c1.withAccount(account), new Client(app2, platform.testKey, account));
  } finally {
    await app1.close();
    await app2.close();
    if (db2 !== db1) await db2.close();
    await drop();
  }
}
