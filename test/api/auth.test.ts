import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { revokeKey } from '../../src/tenancy/api-keys.repository.js';

const t = await setupTestApp();

describe('API keys', () => {
  it('answers a request without a key with 401 api_key_missing', async () => {
    const res = await t.api.get('/v1/accounts', undefined, { key: '' });
    const e = expectError(res, 401, 'api_key_missing', null);
    expect(e.type).toBe('authentication_error');
  });

  it('answers an unknown, malformed or non-Bearer key with 401 api_key_invalid', async () => {
    expectError(await t.api.get('/v1/accounts', undefined, { key: 'sk_test_doesnotexist0000000000' }), 401, 'api_key_invalid');
    expectError(await t.api.get('/v1/accounts', undefined, { key: 'not-a-key' }), 401, 'api_key_invalid');
    expectError(await t.api.get('/v1/accounts', undefined, { key: '', headers: { authorization: `Basic ${t.testKey}` } }), 401, 'api_key_invalid');
    expectError(await t.api.get('/v1/accounts', undefined, { key: '', headers: { authorization: 'Bearer' } }), 401, 'api_key_invalid');
  });

  it('accepts the Bearer scheme in any case', async () => {
    expect((await t.api.get('/v1/accounts', undefined, { key: '', headers: { authorization: `bearer ${t.testKey}` } })).status).toBe(200);
  });

  it('answers a revoked key with 401 api_key_invalid', async () => {
    const key = await t.restrictedKey({ permissions: { accounts: 'read' } });
    expect((await t.api.get('/v1/accounts', undefined, { key })).status).toBe(200);
    const row = await t.db.kysely.selectFrom('api_keys').select('id').where('last4', '=', key.slice(-4)).where('kind', '=', 'restricted').executeTakeFirstOrThrow();
    expect(await revokeKey(t.db.kysely, row.id)).toBe(true);
    expectError(await t.api.get('/v1/accounts', undefined, { key }), 401, 'api_key_invalid');
  });

  it('stores keys hashed, never in clear', async () => {
    const rows = await t.db.kysely.selectFrom('api_keys').selectAll().where('platform_id', '=', t.platformId).execute();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(t.testKey);
    expect(dump).not.toContain(t.liveKey);
    const hash = createHash('sha256').update(t.testKey).digest('hex');
    expect(rows.some((r) => r.secret_hash === hash)).toBe(true);
  });

  it('needs no key for health, readiness, the OpenAPI document and the docs page', async () => {
    for (const url of ['/healthz', '/readyz', '/v1/openapi.json']) {
      expect((await t.api.get(url, undefined, { key: '' })).status).toBe(200);
    }
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
  });
});

describe('Service-Account', () => {
  it('is required by account-scoped operations: 400 service_account_required', async () => {
    expectError(await t.api.get('/v1/resources'), 400, 'service_account_required', 'Service-Account');
    expectError(await t.api.post('/v1/locations', { name: 'Hall' }), 400, 'service_account_required', 'Service-Account');
  });

  it('naming an unknown account answers 404 resource_missing with param Service-Account', async () => {
    expectError(await t.api.get('/v1/resources', undefined, { account: 'acct_nope' }), 404, 'resource_missing', 'Service-Account');
  });

  it("naming another platform's account or the other mode's account answers the same 404", async () => {
    const other = await t.newPlatform();
    const theirs = await other.api.post('/v1/accounts', { name: 'Theirs' });
    expectError(await t.api.get('/v1/resources', undefined, { account: theirs.body.id }), 404, 'resource_missing', 'Service-Account');
    const live = await t.api.post('/v1/accounts', { name: 'Live one' }, { key: t.liveKey });
    expect(live.body.livemode).toBe(true);
    expectError(await t.api.get('/v1/resources', undefined, { account: live.body.id }), 404, 'resource_missing', 'Service-Account');
    expect((await t.api.get('/v1/resources', undefined, { account: live.body.id, key: t.liveKey })).status).toBe(200);
  });

  it('is ignored by operations that take none (accounts)', async () => {
    const acct = await t.newAccount();
    expect((await t.api.get(`/v1/accounts/${acct.accountId}`, undefined, { account: 'acct_whatever' })).status).toBe(200);
  });
});

describe('restricted keys', () => {
  it('GET needs read: read and write pass, none and a missing family answer 403 permission_denied', async () => {
    const acct = await t.newAccount();
    for (const level of ['read', 'write'] as const) {
      const key = await t.restrictedKey({ permissions: { resources: level } });
      expect((await acct.get('/v1/resources', undefined, { key })).status).toBe(200);
    }
    const none = await t.restrictedKey({ permissions: { resources: 'none' } });
    const e = expectError(await acct.get('/v1/resources', undefined, { key: none }), 403, 'permission_denied');
    expect(e.type).toBe('permission_error');
    const other = await t.restrictedKey({ permissions: { locations: 'write' } });
    expectError(await acct.get('/v1/resources', undefined, { key: other }), 403, 'permission_denied');
  });

  it('POST and DELETE need write: a read key answers 403 and changes nothing', async () => {
    const acct = await t.newAccount();
    const read = await t.restrictedKey({ permissions: { locations: 'read' } });
    expectError(await acct.post('/v1/locations', { name: 'Hall' }, { key: read }), 403, 'permission_denied');
    expect((await acct.get('/v1/locations')).body.data).toEqual([]);
    const loc = await acct.post('/v1/locations', { name: 'Hall' });
    expectError(await acct.del(`/v1/locations/${loc.body.id}`, { key: read }), 403, 'permission_denied');
    expectError(await acct.post(`/v1/locations/${loc.body.id}`, { name: 'New' }, { key: read }), 403, 'permission_denied');
    const write = await t.restrictedKey({ permissions: { locations: 'write' } });
    expect((await acct.post(`/v1/locations/${loc.body.id}`, { name: 'New' }, { key: write })).body.name).toBe('New');
    expect((await acct.del(`/v1/locations/${loc.body.id}`, { key: write })).body.deleted).toBe(true);
  });

  it('each family guards its own routes (accounts, events)', async () => {
    const key = await t.restrictedKey({ permissions: { resources: 'write' } });
    expectError(await t.api.get('/v1/accounts', undefined, { key }), 403, 'permission_denied');
    expectError(await t.api.get('/v1/events', undefined, { key }), 403, 'permission_denied');
    const events = await t.restrictedKey({ permissions: { events: 'read' } });
    expect((await t.api.get('/v1/events', undefined, { key: events })).status).toBe(200);
  });

  it('a key bound to an account needs no Service-Account and reaches nothing else', async () => {
    const mine = await t.newAccount({ name: 'Mine' });
    const other = await t.newAccount({ name: 'Other' });
    const key = await t.restrictedKey({ permissions: { resources: 'write', accounts: 'write', events: 'read' }, account: mine.accountId });
    const bound = t.api.withKey(key);

    const r = await bound.post('/v1/resources', { name: 'Room', type: 'room' });
    expect(r.status).toBe(200);
    expect((await mine.get(`/v1/resources/${r.body.id}`)).status).toBe(200);
    expect((await bound.get('/v1/resources', undefined, { account: mine.accountId })).body.data).toHaveLength(1);

    expectError(await bound.get('/v1/resources', undefined, { account: other.accountId }), 404, 'resource_missing', 'Service-Account');
    expectError(await bound.get(`/v1/accounts/${other.accountId}`), 404, 'resource_missing');
    expectError(await bound.post(`/v1/accounts/${other.accountId}`, { name: 'Hacked' }), 404, 'resource_missing');
    expectError(await bound.del(`/v1/accounts/${other.accountId}`), 404, 'resource_missing');
    expect((await bound.get(`/v1/accounts/${mine.accountId}`)).body.name).toBe('Mine');
    expect((await bound.get('/v1/accounts')).body.data.map((a: any) => a.id)).toEqual([mine.accountId]);

    const events = await bound.get('/v1/events');
    expect(events.body.data.length).toBeGreaterThan(0);
    expect(events.body.data.every((e: any) => e.account === mine.accountId)).toBe(true);
    const foreign = (await t.api.get('/v1/events', undefined, { account: other.accountId })).body.data[0];
    expectError(await bound.get(`/v1/events/${foreign.id}`), 404, 'resource_missing');
  });

  it('a key bound to an account cannot create accounts (403), which it could never reach', async () => {
    const mine = await t.newAccount();
    const key = await t.restrictedKey({ permissions: { accounts: 'write' }, account: mine.accountId });
    const before = (await t.api.get('/v1/accounts', { limit: 100 })).body.data.length;
    expectError(await t.api.post('/v1/accounts', { name: 'Sneaky' }, { key }), 403, 'permission_denied');
    expect((await t.api.get('/v1/accounts', { limit: 100 })).body.data.length).toBe(before);
  });

  it('a restricted live key works in live mode only', async () => {
    const liveAcct = await t.api.post('/v1/accounts', { name: 'Live' }, { key: t.liveKey });
    const key = await t.restrictedKey({ permissions: { accounts: 'read' }, livemode: true });
    expect(key).toMatch(/^rk_live_/);
    const list = await t.api.get('/v1/accounts', undefined, { key });
    expect(list.body.data.map((a: any) => a.id)).toContain(liveAcct.body.id);
    expect(list.body.data.every((a: any) => a.livemode === true)).toBe(true);
  });
});

describe('test and live data', () => {
  it('are fully separate: accounts, objects under them and events', async () => {
    const testAcct = await t.newAccount({ name: 'Test side' });
    await testAcct.post('/v1/resources', { name: 'Test room', type: 'room' });
    const live = t.api.withKey(t.liveKey);
    const liveAcct = await live.post('/v1/accounts', { name: 'Live side' });
    expect(liveAcct.body.livemode).toBe(true);
    const liveRes = await live.withAccount(liveAcct.body.id).post('/v1/resources', { name: 'Live room', type: 'room' });
    expect(liveRes.body.livemode).toBe(true);

    const liveAccounts = (await live.get('/v1/accounts', { limit: 100 })).body.data;
    expect(liveAccounts.every((a: any) => a.livemode)).toBe(true);
    expect(liveAccounts.map((a: any) => a.id)).not.toContain(testAcct.accountId);
    const testAccounts = (await t.api.get('/v1/accounts', { limit: 100 })).body.data;
    expect(testAccounts.map((a: any) => a.id)).not.toContain(liveAcct.body.id);

    expectError(await live.get(`/v1/accounts/${testAcct.accountId}`), 404, 'resource_missing');
    const liveEvents = (await live.get('/v1/events', { limit: 100 })).body.data;
    expect(liveEvents.length).toBeGreaterThan(0);
    expect(liveEvents.every((e: any) => e.livemode === true)).toBe(true);
    const testEvents = (await t.api.get('/v1/events', { limit: 100 })).body.data;
    expect(testEvents.every((e: any) => e.livemode === false)).toBe(true);
    expectError(await t.api.get(`/v1/events/${liveEvents[0].id}`), 404, 'resource_missing');
  });
});
