import pg from 'pg';
import { TEST_SECRETS_KEY } from '../support/secrets-key.js';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { api, cli, exitWithin, freshPgDatabase, randomKey, reap, startServer, type Server, SERVER_RUN } from './helpers.js';

/** The same service on PostgreSQL through a pool (DATABASE_URL): no lock, many processes. */
vi.setConfig({ testTimeout: 300_000 });
const servers: Server[] = [];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  reap(servers);
  for (const d of drops) await d();
});

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}

describe.skipIf(!SERVER_RUN)('serve on PostgreSQL', () => {
  it('migrates an empty database at start, bootstraps one platform even when two processes start together, and both serve', async () => {
    const db = await freshPgDatabase();
    drops.push(db.drop);
    const key = randomKey();
    const env = { DATABASE_URL: db.url, BOOTSTRAP_API_KEY: key, SECRETS_KEY: TEST_SECRETS_KEY };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    servers.push(a, b);

    const migrations = await query<{ name: string }>(db.url, 'select name from schema_migrations order by name');
    expect(migrations.map((m) => m.name).slice(0, 2)).toEqual(['001-foundation', '002-working-time-and-bookings']);
    expect(await query(db.url, 'select id from platforms')).toHaveLength(1);
    expect(`${a.output()}${b.output()}`.match(/First run: created a platform/g)).toHaveLength(1);

    expect(await (await fetch(`${a.url}/readyz`)).json()).toEqual({ status: 'ok', database: 'postgres' });
    const created = await api(a, key, 'POST', '/v1/accounts', { name: 'Shared' });
    expect(created.status).toBe(200);
    expect((await api(b, key, 'GET', `/v1/accounts/${created.body.id}`)).body.name).toBe('Shared');

    a.kill('SIGTERM');
    b.kill('SIGTERM');
    expect(await exitWithin(a, 10_000)).toBe(0);
    expect(await exitWithin(b, 10_000)).toBe(0);

    const again = await startServer(env);
    servers.push(again);
    expect(again.output()).not.toContain('First run');
    expect((await api(again, key, 'GET', `/v1/accounts/${created.body.id}`)).status).toBe(200);
    const migrate = await cli(['migrate'], { DATABASE_URL: db.url }); // beside a running server: no lock on PostgreSQL
    expect(migrate.code, migrate.stderr).toBe(0);
    expect(migrate.stdout.trim()).toBe('Database is up to date.');
    again.kill('SIGTERM');
    expect(await exitWithin(again, 10_000)).toBe(0);
  });

  it('readyz answers 503 while the database is unreachable, and recovers', async () => {
    const db = await freshPgDatabase();
    drops.push(db.drop);
    const key = randomKey();
    const server = await startServer({ DATABASE_URL: db.url, BOOTSTRAP_API_KEY: key, SECRETS_KEY: TEST_SECRETS_KEY });
    servers.push(server);
    // Cut the server's connections and refuse new ones for a moment.
    await query(db.url.replace(/\/[^/]+$/, '/postgres'), `update pg_database set datallowconn = false where datname = '${new URL(db.url).pathname.slice(1)}'`);
    await query(db.url.replace(/\/[^/]+$/, '/postgres'), `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${new URL(db.url).pathname.slice(1)}'`);
    try {
      const down = await fetch(`${server.url}/readyz`);
      expect(down.status).toBe(503);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await query(db.url.replace(/\/[^/]+$/, '/postgres'), `update pg_database set datallowconn = true where datname = '${new URL(db.url).pathname.slice(1)}'`);
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect((await api(server, key, 'GET', '/v1/accounts')).status).toBe(200);
    server.kill('SIGTERM');
    expect(await exitWithin(server, 10_000)).toBe(0);
  });
});
