/**
 * Behind a connection pooler in transaction mode (docs/scaling.md, "Behind PgBouncer"): two
 * `serve` processes on one database through PgBouncer, with the settings the docs give for it
 * (`DATABASE_PREPARED_STATEMENTS=false`, `DATABASE_STATEMENT_TIMEOUT_MS=0` and the timeout set on
 * the database). They start (migrations included), serve every kind of request, never book one
 * slot twice, time out a statement that waits on a locked row, and refuse a revoked key within
 * the key cache's second. PostgreSQL only, and only where a `pgbouncer` binary is installed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { TEST_SECRETS_KEY } from '../support/secrets-key.js';
import { loadConfig } from '../../src/config.js';
import { api, freePort, freshPgDatabase, msUntil, randomKey, serversOfThisFile, SERVER_RUN } from './helpers.js';

vi.setConfig({ testTimeout: 300_000 });
const start = serversOfThisFile();
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'].find((p) => fs.existsSync(p));

/** PgBouncer in transaction mode in front of `databaseUrl`, on a free port; the URL to reach the database through it. */
async function pgbouncerFor(databaseUrl: string): Promise<string> {
  const target = new URL(databaseUrl);
  const name = target.pathname.slice(1);
  const user = decodeURIComponent(target.username || 'postgres');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sched-pgbouncer-'));
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(path.join(dir, 'users.txt'), `"${user}" "${decodeURIComponent(target.password)}"\n`);
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${name} = host=${target.hostname} port=${target.port || 5432} dbname=${name} user=${user}${target.password ? ` password=${decodeURIComponent(target.password)}` : ''}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 200',
      'default_pool_size = 20',
      'unix_socket_dir =',
    ].join('\n'),
  );
  for (const f of fs.readdirSync(dir)) fs.chmodSync(path.join(dir, f), 0o644);
  // PgBouncer will not run as root: as root, run it as an unprivileged user.
  const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const child: ChildProcess = spawn(PGBOUNCER!, [path.join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'], ...asUser });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  cleanups.push(() => {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const url = `postgres://${encodeURIComponent(user)}${target.password ? `:${target.password}` : ''}@127.0.0.1:${port}/${name}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited:\n${out}`);
    const probe = new pg.Client({ connectionString: url });
    try {
      await probe.connect();
      await probe.query('select 1');
      return url;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await probe.end().catch(() => {});
    }
  }
  throw new Error(`pgbouncer did not answer:\n${out}`);
}

describe.skipIf(!SERVER_RUN || !PGBOUNCER)('behind PgBouncer in transaction mode', () => {
  it('starts, serves, never books a slot twice, times a locked wait out, and refuses a revoked key within about a second', async () => {
    const db = await freshPgDatabase();
    cleanups.push(db.drop);
    // The statement timeout as docs/scaling.md sets it behind a pooler: on the database.
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    cleanups.push(() => admin.end());
    await admin.query(`alter database ${pg.escapeIdentifier(new URL(db.url).pathname.slice(1))} set statement_timeout = 1000`);
    const pooled = await pgbouncerFor(db.url);

    const key = randomKey();
    const env = {
      DATABASE_URL: pooled,
      DATABASE_PREPARED_STATEMENTS: 'false',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      SECRETS_KEY: TEST_SECRETS_KEY,
      BOOTSTRAP_API_KEY: key,
      LOG_LEVEL: 'warn',
    };
    const a = await start(env, { args: ['serve', '--no-workers'] });
    const b = await start(env, { args: ['serve', '--no-workers'] });

    const account = (await api(a, key, 'POST', '/v1/accounts', { name: 'Pooled' })).body.id as string;
    const as = { 'service-account': account };
    const resource = (await api(a, key, 'POST', '/v1/resources', { name: 'Court', type: 'court', timezone: 'UTC' }, as)).body.id as string;
    const mondays = { monday: [{ start: '09:00', end: '17:00' }] };
    expect((await api(b, key, 'POST', '/v1/schedules', { resource, effective_from: '2030-01-07', weeks: [mondays] }, as)).status).toBe(200);
    const search = await api(b, key, 'POST', '/v1/availability', { from: '2030-01-07T00:00:00Z', to: '2030-01-08T00:00:00Z', segments: [{ resource, duration_minutes: 60 }] }, as);
    expect(search.status).toBe(200);
    expect(search.body.slots.length).toBeGreaterThan(0);

    // Eight requests for one slot, through both processes at once: one booking.
    const slot = { segments: [{ resource, start: '2030-01-07T10:00:00Z', end: '2030-01-07T11:00:00Z' }] };
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => api(i % 2 ? a : b, key, 'POST', '/v1/bookings', slot, as)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const listed = await api(a, key, 'GET', `/v1/bookings?resource=${resource}`, undefined, as);
    expect(listed.body.data.map((x: { id: string }) => x.id)).toEqual(answers.filter((r) => r.status === 200).map((r) => r.body.id));

    // A booking that waits on a locked row runs out of the database's statement timeout.
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from resources where account_id = $1 and id = $2 for update', [account, resource]);
      const waited = await api(a, key, 'POST', '/v1/bookings', { segments: [{ resource, start: '2030-01-07T12:00:00Z', end: '2030-01-07T13:00:00Z' }] }, as);
      expect(waited.status).toBe(503);
      expect(waited.body.error.code).toBe('database_unavailable');
    } finally {
      await holder.query('rollback');
      await holder.end();
    }

    // Revoked through a: b, whose notices the pooler does not carry, refuses it once its cache's
    // second is up (docs/api-keys.md), plus a poll's margin.
    const created = await api(a, key, 'POST', '/v1/api_keys', { permissions: { accounts: 'read' } });
    const listAccounts = () => api(b, created.body.secret, 'GET', '/v1/accounts');
    for (let i = 0; i < 5; i++) expect((await listAccounts()).status).toBe(200);
    expect((await api(a, key, 'POST', `/v1/api_keys/${created.body.id}/revoke`)).status).toBe(200);
    expect(await msUntil(b, 401, listAccounts)).toBeLessThan(1_300);
  });
});

describe('the statement timeout a process sets', () => {
  it('is 30 s unless told, none at all with 0 (the server’s own setting applies), and never negative', () => {
    expect(loadConfig({}).databaseStatementTimeoutMs).toBe(30_000);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0' }).databaseStatementTimeoutMs).toBe(0);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS must be a non-negative integer/);
  });
});
