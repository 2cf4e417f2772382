import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp, type Client } from '../support/harness.js';

/**
 * Tenants never see each other: another platform's, another account's and the other mode's
 * ids answer 404 resource_missing, exactly like ids that never existed.
 */
const t = await setupTestApp();

async function populate(client: Client) {
  const acct = await client.post('/v1/accounts', { name: 'Owner' });
  const scoped = client.withAccount(acct.body.id);
  const loc = await scoped.post('/v1/locations', { name: 'Hall' });
  const res = await scoped.post('/v1/resources', { name: 'Room', type: 'room' });
  const events = await client.get('/v1/events', { limit: 1 }, { account: acct.body.id });
  return { accountId: acct.body.id as string, locationId: loc.body.id as string, resourceId: res.body.id as string, eventId: events.body.data[0].id as string };
}

const owner = await populate(t.api);
const strangers: Record<string, () => Promise<{ client: Client; accountId: string }>> = {
  'another platform': async () => {
    const p = await t.newPlatform();
    const a = await p.api.post('/v1/accounts', { name: 'Stranger' });
    return { client: p.api, accountId: a.body.id };
  },
  // The platform's own secret key reaches all its accounts by design; "another account" is a
  // key bound to a neighbour account, with every permission.
  'another account of the same platform': async () => {
    const a = await t.newAccount({ name: 'Neighbour' });
    const all = Object.fromEntries(['accounts', 'resources', 'locations', 'events'].map((f) => [f, 'write' as const]));
    const key = await t.restrictedKey({ permissions: all, account: a.accountId });
    return { client: t.api.withKey(key), accountId: a.accountId };
  },
  'the other mode (live key)': async () => {
    const live = t.api.withKey(t.liveKey);
    const a = await live.post('/v1/accounts', { name: 'Live twin' });
    return { client: live, accountId: a.body.id };
  },
};

describe.each(Object.entries(strangers))('seen from %s', (_label, make) => {
  it('the account answers 404 on read, update and delete, and is not listed', async () => {
    const { client } = await make();
    expectError(await client.get(`/v1/accounts/${owner.accountId}`), 404, 'resource_missing');
    expectError(await client.post(`/v1/accounts/${owner.accountId}`, { name: 'Hijacked' }), 404, 'resource_missing');
    expectError(await client.del(`/v1/accounts/${owner.accountId}`), 404, 'resource_missing');
    const listed = (await client.get('/v1/accounts', { limit: 100 })).body.data.map((a: any) => a.id);
    expect(listed).not.toContain(owner.accountId);
  });

  it('the account cannot be named in Service-Account', async () => {
    const { client } = await make();
    expectError(await client.get('/v1/resources', undefined, { account: owner.accountId }), 404, 'resource_missing', 'Service-Account');
  });

  it('the resource answers 404 on every operation and is not listed', async () => {
    const { client, accountId } = await make();
    const as = client.withAccount(accountId);
    expectError(await as.get(`/v1/resources/${owner.resourceId}`), 404, 'resource_missing');
    expectError(await as.post(`/v1/resources/${owner.resourceId}`, { name: 'Hijacked' }), 404, 'resource_missing');
    expectError(await as.post(`/v1/resources/${owner.resourceId}/archive`), 404, 'resource_missing');
    expectError(await as.post(`/v1/resources/${owner.resourceId}/unarchive`), 404, 'resource_missing');
    expectError(await as.del(`/v1/resources/${owner.resourceId}`), 404, 'resource_missing');
    expect((await as.get('/v1/resources', { limit: 100 })).body.data.map((r: any) => r.id)).not.toContain(owner.resourceId);
  });

  it('the location answers 404 on every operation, also as a default_location', async () => {
    const { client, accountId } = await make();
    const as = client.withAccount(accountId);
    expectError(await as.get(`/v1/locations/${owner.locationId}`), 404, 'resource_missing');
    expectError(await as.post(`/v1/locations/${owner.locationId}`, { name: 'Hijacked' }), 404, 'resource_missing');
    expectError(await as.del(`/v1/locations/${owner.locationId}`), 404, 'resource_missing');
    expectError(await as.post('/v1/resources', { name: 'R', type: 'room', default_location: owner.locationId }), 404, 'resource_missing', 'default_location');
    expect((await as.get('/v1/locations', { limit: 100 })).body.data.map((l: any) => l.id)).not.toContain(owner.locationId);
  });

  it('the events answer 404 and are not listed', async () => {
    const { client, accountId } = await make();
    expectError(await client.get(`/v1/events/${owner.eventId}`), 404, 'resource_missing');
    const all = (await client.get('/v1/events', { limit: 100 })).body.data;
    expect(all.map((e: any) => e.id)).not.toContain(owner.eventId);
    expect(all.every((e: any) => e.account !== owner.accountId)).toBe(true);
    const narrowed = (await client.get('/v1/events', { limit: 100 }, { account: accountId })).body.data;
    expect(narrowed.every((e: any) => e.account === accountId)).toBe(true);
  });
});

describe('after all those attempts', () => {
  it("the owner's objects are unchanged", async () => {
    const as = t.api.withAccount(owner.accountId);
    expect((await t.api.get(`/v1/accounts/${owner.accountId}`)).body.name).toBe('Owner');
    expect((await as.get(`/v1/resources/${owner.resourceId}`)).body).toMatchObject({ name: 'Room', status: 'active' });
    expect((await as.get(`/v1/locations/${owner.locationId}`)).body.name).toBe('Hall');
  });
});
