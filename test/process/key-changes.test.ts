/**
 * A change to what a key may do reaches every API process within a second (docs/api-keys.md,
 * "How fast a change reaches every process"): two `serve` processes on one PostgreSQL, each
 * with its key cache; a change made through one process, or by another client of the
 * database, and the other process refuses the key. PostgreSQL only: skipped when DATABASE_URL
 * is unset (on PGlite one process holds the data).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { TEST_SECRETS_KEY } from '../support/secrets-key.js';
import { connect } from '../../src/db/connect.js';
import { json } from '../../src/db/transaction.js';
import { api, freshPgDatabase, msUntil, randomKey, serversOfThisFile, SERVER_RUN } from './helpers.js';

vi.setConfig({ testTimeout: 300_000 });
const start = serversOfThisFile();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe.skipIf(!SERVER_RUN)('key changes across API processes on one PostgreSQL', () => {
  it('a revocation, a lost grant and a deleted account reach the other process within 1 s', async () => {
    const db = await freshPgDatabase();
    cleanups.push(db.drop);
    const key = randomKey();
    const env = { DATABASE_URL: db.url, SECRETS_KEY: TEST_SECRETS_KEY, BOOTSTRAP_API_KEY: key, LOG_LEVEL: 'warn' };
    const a = await start(env, { args: ['serve', '--no-workers'] });
    const b = await start(env, { args: ['serve', '--no-workers'] });

    const account = (await api(a, key, 'POST', '/v1/accounts', { name: 'Front desk' })).body.id as string;
    const as = { 'service-account': account };
    const created = await api(a, key, 'POST', '/v1/api_keys', { permissions: { accounts: 'read', resources: 'read' } });
    expect(created.status).toBe(200);
    const restricted = created.body.secret as string;
    const listAccounts = () => api(b, restricted, 'GET', '/v1/accounts');
    // b has the key in its cache.
    for (let i = 0; i < 5; i++) expect((await listAccounts()).status).toBe(200);

    // Revoked through a.
    expect((await api(a, key, 'POST', `/v1/api_keys/${created.body.id}/revoke`)).status).toBe(200);
    expect(await msUntil(b, 401, listAccounts)).toBeLessThan(1_000);

    // A grant lost by a change made outside both processes (an operator's script on the database).
    const other = await api(a, key, 'POST', '/v1/api_keys', { permissions: { accounts: 'read', resources: 'read' } });
    const listResources = () => api(b, other.body.secret, 'GET', '/v1/resources', undefined, as);
    for (let i = 0; i < 5; i++) expect((await listResources()).status).toBe(200);
    const script = await connect({ databaseUrl: db.url, dataDir: null, poolSize: 1 });
    cleanups.push(() => script.close());
    await script.kysely.updateTable('api_keys').set({ permissions: json({ accounts: 'read' }) }).where('id', '=', other.body.id).execute();
    expect(await msUntil(b, 403, listResources)).toBeLessThan(1_000);

    // The account deleted through a: b answers for it no more.
    const resourcesAsOwner = () => api(b, key, 'GET', '/v1/resources', undefined, as);
    for (let i = 0; i < 5; i++) expect((await resourcesAsOwner()).status).toBe(200);
    expect((await api(a, key, 'DELETE', `/v1/accounts/${account}`)).status).toBe(200);
    expect(await msUntil(b, 404, resourcesAsOwner)).toBeLessThan(1_000);
  });
});
