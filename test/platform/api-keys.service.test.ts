/** API key management below HTTP: the service's rules, with the keys it makes used through HTTP. */
import { describe, expect, it } from 'vitest';
import { setupTestApp, expectError } from '../support/harness.js';
import { ApiKeysService } from '../../src/features/api-keys/api-keys.service.js';
import { ApiError } from '../../src/lib/errors.js';

const t = await setupTestApp();
const clock = { now: () => new Date() };
const service = new ApiKeysService(t.db.kysely, clock);
const test = { platformId: t.platformId, livemode: false };
const secret = { permissions: null };

describe('restricted keys made by a secret key', () => {
  it('creates a key whose secret is shown once and which works with exactly its grants', async () => {
    const created = await service.create(test, secret, { name: 'Reader', permissions: { accounts: 'read', bookings: 'none' } });
    expect(created).toMatchObject({ object: 'api_key', type: 'restricted', livemode: false, name: 'Reader', status: 'active', account: null, revoked_at: null });
    expect(created.secret).toMatch(/^rk_test_[A-Za-z0-9]{32}$/);
    expect(created.redacted).toBe(`rk_test_…${created.secret.slice(-4)}`);
    expect(created.permissions.accounts).toBe('read');
    expect(created.permissions.resources).toBe('none');
    expect((await t.api.get('/v1/accounts', undefined, { key: created.secret })).status).toBe(200);
    expectError(await t.api.post('/v1/accounts', { name: 'x' }, { key: created.secret }), 403, 'permission_denied');
    const again = await service.get(test, secret, created.id);
    expect(again).not.toHaveProperty('secret');
    expect(JSON.stringify(await service.list(test, secret, {}))).not.toContain(created.secret);
  });

  it('binds a key to an account of the same platform and mode, and refuses any other', async () => {
    const home = await t.newAccount();
    const bound = await service.create(test, secret, { permissions: { resources: 'write' }, account: home.accountId });
    expect(bound.account).toBe(home.accountId);
    expect((await t.api.get('/v1/resources', undefined, { key: bound.secret, account: null })).status).toBe(200);
    const err = await service.create({ ...test, livemode: true }, secret, { permissions: {}, account: home.accountId }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect([err.code, err.param]).toEqual(['resource_missing', 'account']);
  });

  it('refuses restricted keys, whatever they may do', async () => {
    const restricted = { permissions: { accounts: 'write' as const } };
    for (const attempt of [
      () => service.create(test, restricted, { permissions: {} }),
      () => service.list(test, restricted, {}),
      () => service.get(test, restricted, 'key_x'),
      () => service.revoke(test, restricted, 'key_x'),
    ]) {
      const err = await attempt().catch((e) => e);
      expect(err.code).toBe('permission_denied');
    }
  });

  it('revokes a key at once, once, with an event each for creation and revocation', async () => {
    const created = await service.create(test, secret, { permissions: { accounts: 'read' } });
    const revoked = await service.revoke(test, secret, created.id);
    expect(revoked).toMatchObject({ status: 'revoked' });
    expect(revoked.revoked_at).not.toBeNull();
    expectError(await t.api.get('/v1/accounts', undefined, { key: created.secret }), 401, 'api_key_invalid');
    expect(await service.revoke(test, secret, created.id)).toEqual(revoked);
    const events = await t.db.kysely.selectFrom('events').select(['type', 'object']).where('platform_id', '=', t.platformId).where('type', 'like', 'api_key.%').execute();
    const mine = events.filter((e) => (e.object as { id: string }).id === created.id).map((e) => e.type).sort();
    expect(mine).toEqual(['api_key.created', 'api_key.revoked']);
    expect(JSON.stringify(events)).not.toContain(created.secret);
  });

  it('keeps modes and platforms apart: their keys are not found', async () => {
    const created = await service.create(test, secret, { permissions: { accounts: 'read' } });
    const other = await t.newPlatform();
    for (const scope of [{ ...test, livemode: true }, { platformId: other.platformId, livemode: false }]) {
      expect((await service.get(scope, secret, created.id).catch((e) => e)).code).toBe('resource_missing');
      expect((await service.revoke(scope, secret, created.id).catch((e) => e)).code).toBe('resource_missing');
      expect((await service.list(scope, secret, {})).data.map((k) => k.id)).not.toContain(created.id);
    }
    const secretKeys = await t.db.kysely.selectFrom('api_keys').select('id').where('platform_id', '=', t.platformId).where('kind', '=', 'secret').execute();
    expect((await service.get(test, secret, secretKeys[0].id).catch((e) => e)).code).toBe('resource_missing');
  });
});
