import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { revokeKey } from '../../src/tenancy/api-keys.repository.js';
import { API_VERSIONS, LATEST_API_VERSION } from '../../src/lib/api-versions.js';

/*
 * Key lookups may be cached (on PGlite: docs/performance.md, "Exact caches"); whatever the
 * engine, every change to keys, platforms and accounts is seen by the very next request.
 */
const t = await setupTestApp();

async function keyId(key: string) {
  const row = await t.db.kysely.selectFrom('api_keys').select('id').where('last4', '=', key.slice(-4)).where('kind', '=', 'restricted').executeTakeFirstOrThrow();
  return row.id;
}

describe('key lookups', () => {
  it('see a revocation undone by a rollback as no revocation, and a committed one at the next request', async () => {
    const key = await t.restrictedKey({ permissions: { accounts: 'read' } });
    expect((await t.api.get('/v1/accounts', undefined, { key })).status).toBe(200);
    const id = await keyId(key);
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await revokeKey(trx, id);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await t.api.get('/v1/accounts', undefined, { key })).status).toBe(200);
    expect((await t.api.get('/v1/accounts', undefined, { key })).status).toBe(200);
    await revokeKey(t.db.kysely, id);
    expectError(await t.api.get('/v1/accounts', undefined, { key }), 401, 'api_key_invalid');
  });

  it("render the next response in the platform's API version as soon as it changes", async () => {
    const { platformId, api } = await t.newPlatform();
    const before = await api.get('/v1/accounts');
    expect(before.headers['service-version']).toBe(LATEST_API_VERSION);
    await t.db.kysely.updateTable('platforms').set({ api_version: API_VERSIONS[0] }).where('id', '=', platformId).execute();
    expect((await api.get('/v1/accounts')).headers['service-version']).toBe(API_VERSIONS[0]);
  });

  it('answer 404 for an account deleted directly in the database, at the next request', async () => {
    const account = await t.newAccount();
    expect((await account.get('/v1/resources')).status).toBe(200);
    await t.db.kysely.deleteFrom('accounts').where('id', '=', account.accountId).execute();
    expectError(await account.get('/v1/resources'), 404, 'resource_missing', 'Service-Account');
  });

  it('find a key created after a request with it was refused', async () => {
    const stranger = 'sk_test_' + 'x'.repeat(32);
    expectError(await t.api.get('/v1/accounts', undefined, { key: stranger }), 401, 'api_key_invalid');
    const { createApiKey } = await import('../../src/tenancy/api-keys.repository.js');
    await createApiKey(t.db.kysely, { platformId: t.platformId, livemode: false, kind: 'secret', secret: stranger });
    expect((await t.api.get('/v1/accounts', undefined, { key: stranger })).status).toBe(200);
  });
});
