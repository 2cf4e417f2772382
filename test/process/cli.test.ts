import { afterAll, describe, expect, it, vi } from 'vitest';
import { TEST_SECRETS_KEY } from '../support/secrets-key.js';
import path from 'node:path';
import { api, cli, exitWithin, freshPgDatabase, pgliteDataDir, reap, removeTempDirs, SERVER_RUN, startServer, tempDir, type Server } from './helpers.js';

/**
 * The operator's command-line tool, run as real processes: on PGlite in a temp DATA_DIR, or
 * on PostgreSQL in a fresh database when DATABASE_URL is set.
 */
interface Target {
  name: string;
  /** A database for one test: empty, or (for speed, on PGlite) already migrated. */
  env: (state?: 'empty' | 'migrated') => Promise<Record<string, string>>;
}

// Each command is a fresh Node process (about 1 to 4 s); a whole scenario takes a minute.
vi.setConfig({ testTimeout: 300_000 });

const cleanups: (() => Promise<void>)[] = [];
const servers: Server[] = [];
afterAll(async () => {
  reap(servers);
  for (const c of cleanups) await c();
  removeTempDirs();
});

// The run's own database: a folder on the PGlite run, the server on the others (SERVER_RUN).
const target: Target = SERVER_RUN
  ? {
      name: 'PostgreSQL',
      env: async () => {
        const db = await freshPgDatabase();
        cleanups.push(db.drop);
        return { DATABASE_URL: db.url, SECRETS_KEY: TEST_SECRETS_KEY };
      },
    }
  : {
      name: 'PGlite',
      env: async (state = 'migrated') => ({ DATA_DIR: state === 'empty' ? path.join(tempDir('cli'), 'data') : await pgliteDataDir('cli') }),
    };

const field = (text: string, re: RegExp) => {
  const m = re.exec(text);
  if (!m) throw new Error(`no ${re} in:\n${text}`);
  return m[1];
};

describe(`the command-line tool on ${target.name}`, () => {
  it('migrates an empty database, then finds it up to date', async () => {
    const env = await target.env('empty');
    const first = await cli(['migrate'], env, 120_000);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^Applied: 001-foundation, 002-working-time-and-bookings/);
    const second = await cli(['migrate'], env);
    expect(second.code).toBe(0);
    expect(second.stdout.trim()).toBe('Database is up to date.');
  });

  it('creates platforms and keys that the server then accepts, lists keys without secrets, and revokes them', async () => {
    const env = await target.env();
    const created = await cli(['platform', 'create', '--name', 'Acme Bookings'], env, 120_000);
    expect(created.code, created.stderr).toBe(0);
    const platformId = field(created.stdout, /Platform (plat_[0-9a-z]+) \(Acme Bookings\)/);
    const testKey = field(created.stdout, /test key: (sk_test_[A-Za-z0-9]+)/);
    const liveKey = field(created.stdout, /live key: (sk_live_[A-Za-z0-9]+)/);

    const platforms = await cli(['platform', 'list'], env);
    expect(platforms.stdout).toContain(`${platformId}  Acme Bookings`);

    // An account to bind a key to: made through the API, so start the server once.
    const server = await startServer({ ...env, BOOTSTRAP_API_KEY: undefined });
    servers.push(server);
    const acct = await api(server, testKey, 'POST', '/v1/accounts', { name: 'Bound shop' });
    expect(acct.status).toBe(200);
    server.kill('SIGTERM');
    expect(await exitWithin(server, 10_000)).toBe(0);

    const restricted = await cli(['keys', 'create', '--platform', platformId, '--kind', 'restricted', '--permissions', 'resources=read,locations=write'], env);
    expect(restricted.code, restricted.stderr).toBe(0);
    const rk = field(restricted.stdout, /: (rk_test_[A-Za-z0-9]+)/);
    const bound = await cli(['keys', 'create', '--platform', platformId, '--kind', 'restricted', '--permissions', 'resources=write', '--account', acct.body.id], env);
    expect(bound.code, bound.stderr).toBe(0);
    const boundKey = field(bound.stdout, /: (rk_test_[A-Za-z0-9]+)/);
    const secret = await cli(['keys', 'create', '--platform', platformId, '--mode', 'live', '--name', 'backend'], env);
    const liveSecret = field(secret.stdout, /: (sk_live_[A-Za-z0-9]+)/);

    const listed = await cli(['keys', 'list', '--platform', platformId], env);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines).toHaveLength(5);
    for (const k of [testKey, liveKey, rk, boundKey, liveSecret]) expect(listed.stdout).not.toContain(k);
    expect(listed.stdout).toContain(`rk_test_…${rk.slice(-4)}`);
    expect(listed.stdout).toContain(`account ${acct.body.id}`);
    expect(listed.stdout).toContain('"resources":"read"');
    expect(listed.stdout).toContain('"locations":"write"');

    const rkId = field(lines.find((l) => l.includes(`…${rk.slice(-4)}`))!, /^(key_[0-9a-z]+)/);
    const revoked = await cli(['keys', 'revoke', rkId], env);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`Revoked ${rkId}`);
    expect((await cli(['keys', 'list', '--platform', platformId], env)).stdout).toMatch(new RegExp(`${rkId} .* revoked \\d{4}-`));

    const again = await startServer({ ...env, BOOTSTRAP_API_KEY: undefined });
    servers.push(again);
    const scoped = { 'service-account': acct.body.id };
    expect((await api(again, liveKey, 'GET', '/v1/accounts')).body.data).toEqual([]);
    expect((await api(again, liveSecret, 'POST', '/v1/accounts', { name: 'Live' })).body.livemode).toBe(true);
    expect((await api(again, rk, 'GET', '/v1/resources', undefined, scoped)).status).toBe(401); // revoked
    expect((await api(again, boundKey, 'POST', '/v1/resources', { name: 'Room', type: 'room' })).status).toBe(200);
    expect((await api(again, boundKey, 'GET', '/v1/locations')).status).toBe(403);
    again.kill('SIGTERM');
    expect(await exitWithin(again, 10_000)).toBe(0);
  });

  it("shows and sets a platform's retention within its bounds (docs/privacy.md#retention)", async () => {
    const env = await target.env();
    const created = await cli(['platform', 'create', '--name', 'Clinic host'], env, 120_000);
    const platformId = field(created.stdout, /Platform (plat_[0-9a-z]+)/);
    const shown = await cli(['platform', 'retention', '--platform', platformId], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual({ events_retention_days: 30, deliveries_retention_days: 30, bookings_personal_data_retention_days: null });
    const set = await cli(['platform', 'retention', '--platform', platformId, '--events-days', '14', '--deliveries-days', '3', '--personal-data-days', '365'], env);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ events_retention_days: 14, deliveries_retention_days: 3, bookings_personal_data_retention_days: 365 });
    const never = await cli(['platform', 'retention', '--platform', platformId, '--personal-data-days', 'never'], env);
    expect(JSON.parse(never.stdout).bookings_personal_data_retention_days).toBeNull();
    const tooLong = await cli(['platform', 'retention', '--platform', platformId, '--events-days', '31'], env);
    expect(tooLong.code).not.toBe(0);
    expect(tooLong.stderr).toContain('--events-days must be a whole number of days from 1 to 30');
    expect((await cli(['platform', 'retention', '--platform', platformId, '--deliveries-days', 'never'], env)).code).not.toBe(0);
    // None, negative, fractional or past the most: refused, and nothing is changed.
    const refused: [string, string, RegExp][] = [
      ['--events-days', '0', /--events-days must be a whole number of days from 1 to 30/],
      ['--deliveries-days', '-1', /--deliveries-days must be a whole number of days from 1 to 30/],
      ['--deliveries-days', '31', /--deliveries-days must be a whole number of days from 1 to 30/],
      ['--personal-data-days', '0', /--personal-data-days must be a whole number of days from 1 to 3650, or 'never'/],
      ['--personal-data-days', '-5', /--personal-data-days must be a whole number of days from 1 to 3650/],
      ['--personal-data-days', '3651', /--personal-data-days must be a whole number of days from 1 to 3650/],
      ['--events-days', '1.5', /--events-days must be a whole number of days from 1 to 30/],
    ];
    for (const [option, days, message] of refused) {
      // `=` so that a negative number reads as the option's value, not as another option.
      const res = await cli(['platform', 'retention', '--platform', platformId, `${option}=${days}`], env);
      expect(res.code, `${option} ${days}`).not.toBe(0);
      expect(res.stderr, `${option} ${days}`).toMatch(message);
    }
    const unchanged = await cli(['platform', 'retention', '--platform', platformId], env);
    expect(JSON.parse(unchanged.stdout)).toEqual({ events_retention_days: 14, deliveries_retention_days: 3, bookings_personal_data_retention_days: null });
  });

  it('refuses bad input with a clear message and a non-zero exit', async () => {
    const env = await target.env();
    const created = await cli(['platform', 'create', '--name', 'P'], env, 120_000);
    const platformId = field(created.stdout, /Platform (plat_[0-9a-z]+)/);
    const cases: [string[], RegExp][] = [
      [['platform', 'create'], /required option '--name <name>'/],
      [['keys', 'create', '--platform', 'plat_nope'], /No platform plat_nope/],
      [['keys', 'create', '--platform', platformId, '--kind', 'restricted', '--permissions', 'bogus=write'], /Unknown permission family 'bogus'/],
      [['keys', 'create', '--platform', platformId, '--kind', 'restricted', '--permissions', 'resources=admin'], /none, read or write/],
      [['keys', 'create', '--platform', platformId, '--kind', 'restricted'], /needs --permissions/],
      [['keys', 'create', '--platform', platformId, '--permissions', 'resources=read'], /for restricted keys/],
      [['keys', 'create', '--platform', platformId, '--kind', 'restricted', '--permissions', 'resources=read', '--account', 'acct_nope'], /No test account acct_nope/],
      [['keys', 'create', '--platform', platformId, '--mode', 'staging'], /Allowed choices are test, live/],
      [['keys', 'list', '--platform', 'plat_nope'], /No platform plat_nope/],
      [['keys', 'revoke', 'key_nope'], /No active key key_nope/],
      [['nonsense'], /unknown command 'nonsense'/],
    ];
    for (const [args, message] of cases) {
      const res = await cli(args, env);
      expect(res.code, args.join(' ')).not.toBe(0);
      expect(res.stderr, args.join(' ')).toMatch(message);
    }
  });
});

describe.skipIf(SERVER_RUN)('npx scheduling', () => {
  it('runs the same tool through the package bin', async () => {
    const { spawnSync } = await import('node:child_process');
    const res = spawnSync('npx', ['--no-install', 'scheduling', '--help'], { cwd: path.resolve(import.meta.dirname, '../..'), encoding: 'utf8', timeout: 60_000 });
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain('Operator commands of the scheduling service');
    for (const cmd of ['serve', 'migrate', 'platform', 'keys']) expect(res.stdout).toContain(cmd);
  });
});
