import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';

const t = await setupTestApp();
const api = await t.newAccount();

describe('locations', () => {
  it('creates a location (no time zone by default) and emits location.created', async () => {
    const res = await api.post('/v1/locations', { name: 'Main hall' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'location', livemode: false, name: 'Main hall', timezone: null, metadata: {} });
    expect(res.body.id).toMatch(/^loc_/);
    expect(Object.keys(res.body).sort()).toEqual(['created_at', 'id', 'livemode', 'metadata', 'name', 'object', 'timezone', 'updated_at']);
    const [event] = (await api.get('/v1/events', { type: 'location.created', limit: 1 })).body.data;
    expect(event.data).toEqual({ object: res.body, previous_attributes: null });
  });

  it('takes a time zone and metadata', async () => {
    const res = await api.post('/v1/locations', { name: 'Annex', timezone: 'europe/rome', metadata: { door: 'B' } });
    expect(res.body).toMatchObject({ timezone: 'Europe/Rome', metadata: { door: 'B' } });
    expect((await api.get(`/v1/locations/${res.body.id}`)).body).toEqual(res.body);
  });

  it('requires a name of 1 to 200 characters', async () => {
    expectError(await api.post('/v1/locations', {}), 400, 'parameter_missing', 'name');
    expectError(await api.post('/v1/locations', { name: '' }), 400, 'parameter_invalid', 'name');
    expect((await api.post('/v1/locations', { name: 'l'.repeat(200) })).status).toBe(200);
    expectError(await api.post('/v1/locations', { name: 'l'.repeat(201) }), 400, 'parameter_invalid', 'name');
  });

  it('refuses a time zone that is not IANA', async () => {
    expectError(await api.post('/v1/locations', { name: 'x', timezone: 'CEST' }), 400, 'parameter_invalid', 'timezone');
  });

  it('updates name, time zone (null clears it) and metadata with location.updated', async () => {
    const loc = await api.post('/v1/locations', { name: 'Old', timezone: 'Europe/Rome', metadata: { a: '1' } });
    const res = await api.post(`/v1/locations/${loc.body.id}`, { name: 'New', timezone: null, metadata: { a: '', b: '2' } });
    expect(res.body).toMatchObject({ name: 'New', timezone: null, metadata: { b: '2' } });
    const [event] = (await api.get('/v1/events', { type: 'location.updated', limit: 1 })).body.data;
    expect(event.data.previous_attributes).toEqual({ name: 'Old', timezone: 'Europe/Rome', metadata: { a: '1' } });
    expectError(await api.post(`/v1/locations/${loc.body.id}`, { name: '' }), 400, 'parameter_invalid', 'name');
    expectError(await api.post(`/v1/locations/${loc.body.id}`, { name: 'l'.repeat(201) }), 400, 'parameter_invalid', 'name');
  });

  it('deletes an unused location with location.deleted; then it is gone', async () => {
    const loc = await api.post('/v1/locations', { name: 'Temp' });
    const res = await api.del(`/v1/locations/${loc.body.id}`);
    expect(res.body).toEqual({ id: loc.body.id, object: 'location', deleted: true });
    expectError(await api.get(`/v1/locations/${loc.body.id}`), 404, 'resource_missing');
    const [event] = (await api.get('/v1/events', { type: 'location.deleted', limit: 1 })).body.data;
    expect(event.data.object).toEqual(loc.body);
  });

  it('lists newest first, filtered by metadata', async () => {
    const acct = await t.newAccount();
    const a = await acct.post('/v1/locations', { name: 'A', metadata: { city: 'Lyon' } });
    const b = await acct.post('/v1/locations', { name: 'B' });
    expect((await acct.get('/v1/locations')).body.data.map((l: any) => l.id)).toEqual([b.body.id, a.body.id]);
    expect((await acct.get('/v1/locations', { 'metadata[city]': 'Lyon' })).body.data.map((l: any) => l.id)).toEqual([a.body.id]);
    expect((await acct.get('/v1/locations', { 'metadata[city]': 'Paris' })).body.data).toEqual([]);
  });

  it('answers an unknown id with 404 on read, update and delete', async () => {
    expectError(await api.get('/v1/locations/loc_nope'), 404, 'resource_missing');
    expectError(await api.post('/v1/locations/loc_nope', { name: 'x' }), 404, 'resource_missing');
    expectError(await api.del('/v1/locations/loc_nope'), 404, 'resource_missing');
  });
});

describe('metadata limits (shared by every object)', () => {
  const keys = (n: number, prefix = 'k') => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, 'v']));

  it('accepts 50 keys and refuses 51 with param metadata', async () => {
    expect((await api.post('/v1/locations', { name: 'x', metadata: keys(50) })).status).toBe(200);
    expectError(await api.post('/v1/locations', { name: 'x', metadata: keys(51) }), 400, 'parameter_invalid', 'metadata');
  });

  it('accepts 40-character keys and refuses 41 or empty keys, naming the key', async () => {
    const k40 = 'k'.repeat(40);
    const k41 = 'k'.repeat(41);
    expect((await api.post('/v1/locations', { name: 'x', metadata: { [k40]: 'v' } })).body.metadata).toEqual({ [k40]: 'v' });
    expectError(await api.post('/v1/locations', { name: 'x', metadata: { [k41]: 'v' } }), 400, 'parameter_invalid', `metadata[${k41}]`);
    expectError(await api.post('/v1/locations', { name: 'x', metadata: { '': 'v' } }), 400, 'parameter_invalid', 'metadata[]');
  });

  it('accepts 500-character values and refuses 501, naming the key', async () => {
    expect((await api.post('/v1/locations', { name: 'x', metadata: { note: 'v'.repeat(500) } })).status).toBe(200);
    expectError(await api.post('/v1/locations', { name: 'x', metadata: { note: 'v'.repeat(501) } }), 400, 'parameter_invalid', 'metadata[note]');
  });

  it('takes string values only', async () => {
    expectError(await api.post('/v1/locations', { name: 'x', metadata: { n: 5 } }), 400, 'parameter_invalid', 'metadata[n]');
    expectError(await api.post('/v1/locations', { name: 'x', metadata: { n: null } }), 400, 'parameter_invalid', 'metadata[n]');
    expectError(await api.post('/v1/locations', { name: 'x', metadata: ['a'] }), 400, 'parameter_invalid', 'metadata');
  });

  it('on update, an empty string removes a key; an update may not leave more than 50 keys', async () => {
    const loc = await api.post('/v1/locations', { name: 'x', metadata: keys(50) });
    expectError(await api.post(`/v1/locations/${loc.body.id}`, { metadata: { extra: 'v' } }), 400, 'parameter_invalid', 'metadata');
    expect(Object.keys((await api.get(`/v1/locations/${loc.body.id}`)).body.metadata)).toHaveLength(50);
    const swapped = await api.post(`/v1/locations/${loc.body.id}`, { metadata: { k0: '', extra: 'v' } });
    expect(swapped.status).toBe(200);
    expect(Object.keys(swapped.body.metadata)).toHaveLength(50);
    expect(swapped.body.metadata.k0).toBeUndefined();
    expect(swapped.body.metadata.extra).toBe('v');
  });

  it('does not store empty values on create, and keeps keys such as __proto__ as plain data', async () => {
    const res = await api.request('POST', '/v1/locations', '{"name":"x","metadata":{"empty":"","__proto__":"p","constructor":"c"}}');
    expect(res.status).toBe(200);
    expect(res.body.metadata).toEqual(JSON.parse('{"__proto__":"p","constructor":"c"}'));
    const listed = await api.get('/v1/locations', { 'metadata[__proto__]': 'p' });
    expect(listed.body.data.map((l: any) => l.id)).toEqual([res.body.id]);
  });
});
