import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';

const t = await setupTestApp();
const api = await t.newAccount({ timezone: 'Europe/Paris' });

const room = (extra: Record<string, unknown> = {}) => api.post('/v1/resources', { name: 'Room', type: 'room', ...extra });

describe('creating a resource', () => {
  it("fills the defaults: capacity 1, the account's time zone, no buffers, active, no location", async () => {
    const res = await room();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: 'resource',
      livemode: false,
      name: 'Room',
      type: 'room',
      capacity: 1,
      timezone: 'Europe/Paris',
      default_location: null,
      status: 'active',
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      metadata: {},
    });
    expect(Object.keys(res.body).sort()).toEqual(
      ['assignment_priority', 'assignment_weight', 'booking_policy', 'booking_rules', 'buffer_after_minutes', 'buffer_before_minutes', 'capacity', 'created_at', 'default_location', 'holidays', 'id', 'livemode', 'metadata', 'name', 'object', 'reminder_offsets_minutes', 'status', 'timezone', 'type', 'updated_at'],
    );
    expect((await api.get(`/v1/resources/${res.body.id}`)).body).toEqual(res.body);
  });

  it('takes every field and emits resource.created with the object', async () => {
    const loc = await api.post('/v1/locations', { name: 'Hall' });
    const res = await room({ capacity: 8, timezone: 'America/Chicago', default_location: loc.body.id, buffer_before_minutes: 10, buffer_after_minutes: 15, metadata: { floor: '2' } });
    expect(res.body).toMatchObject({ capacity: 8, timezone: 'America/Chicago', default_location: loc.body.id, buffer_before_minutes: 10, buffer_after_minutes: 15, metadata: { floor: '2' } });
    const [event] = (await api.get('/v1/events', { type: 'resource.created', limit: 1 })).body.data;
    expect(event).toMatchObject({ type: 'resource.created', account: api.accountId, data: { object: res.body, previous_attributes: null } });
  });

  it('requires name and type', async () => {
    expectError(await api.post('/v1/resources', { type: 'room' }), 400, 'parameter_missing', 'name');
    expectError(await api.post('/v1/resources', { name: 'Room' }), 400, 'parameter_missing', 'type');
    expectError(await room({ type: '' }), 400, 'parameter_invalid', 'type');
  });

  it('takes a name of 1 to 200 characters', async () => {
    expect((await room({ name: 'n'.repeat(200) })).status).toBe(200);
    expectError(await room({ name: 'n'.repeat(201) }), 400, 'parameter_invalid', 'name');
    expectError(await room({ name: '' }), 400, 'parameter_invalid', 'name');
  });

  it('takes a capacity of 1 to 10000', async () => {
    expect((await room({ capacity: 1 })).body.capacity).toBe(1);
    expect((await room({ capacity: 10000 })).body.capacity).toBe(10000);
    expectError(await room({ capacity: 0 }), 400, 'parameter_invalid', 'capacity');
    expectError(await room({ capacity: 10001 }), 400, 'parameter_invalid', 'capacity');
  });

  it('takes buffers of 0 to 1440 minutes', async () => {
    for (const field of ['buffer_before_minutes', 'buffer_after_minutes']) {
      expect((await room({ [field]: 0 })).body[field]).toBe(0);
      expect((await room({ [field]: 1440 })).body[field]).toBe(1440);
      expectError(await room({ [field]: -1 }), 400, 'parameter_invalid', field);
      expectError(await room({ [field]: 1441 }), 400, 'parameter_invalid', field);
    }
  });

  it('takes an IANA time zone only', async () => {
    expectError(await room({ timezone: 'Europe/Atlantis' }), 400, 'parameter_invalid', 'timezone');
    expect((await room({ timezone: 'asia/kolkata' })).body.timezone).toBe('Asia/Kolkata');
  });

  it('needs a default_location that exists in the account: 404 resource_missing naming it', async () => {
    expectError(await room({ default_location: 'loc_nope' }), 404, 'resource_missing', 'default_location');
    const other = await t.newAccount();
    const theirs = await other.post('/v1/locations', { name: 'Elsewhere' });
    expectError(await room({ default_location: theirs.body.id }), 404, 'resource_missing', 'default_location');
  });
});

describe('updating a resource', () => {
  it('changes the updatable fields and emits resource.updated with the previous values', async () => {
    const loc = await api.post('/v1/locations', { name: 'Hall' });
    const r = await room({ metadata: { a: '1', b: '2' } });
    const res = await api.post(`/v1/resources/${r.body.id}`, {
      name: 'Big room',
      capacity: 3,
      timezone: 'Europe/London',
      default_location: loc.body.id,
      buffer_before_minutes: 5,
      buffer_after_minutes: 1440,
      metadata: { a: '', c: '3' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Big room', capacity: 3, timezone: 'Europe/London', default_location: loc.body.id, buffer_before_minutes: 5, buffer_after_minutes: 1440, metadata: { b: '2', c: '3' } });
    const [event] = (await api.get('/v1/events', { type: 'resource.updated', limit: 1 })).body.data;
    expect(event.data.object).toEqual(res.body);
    expect(event.data.previous_attributes).toEqual({
      name: 'Room',
      capacity: 1,
      timezone: 'Europe/Paris',
      default_location: null,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      metadata: { a: '1', b: '2' },
    });
  });

  it('clears default_location with null', async () => {
    const loc = await api.post('/v1/locations', { name: 'Hall' });
    const r = await room({ default_location: loc.body.id });
    expect((await api.post(`/v1/resources/${r.body.id}`, { default_location: null })).body.default_location).toBeNull();
  });

  it('refuses type, which is not updatable, and every value out of bounds, changing nothing', async () => {
    const r = await room();
    expectError(await api.post(`/v1/resources/${r.body.id}`, { type: 'desk' }), 400, 'parameter_unknown', 'type');
    expectError(await api.post(`/v1/resources/${r.body.id}`, { name: '' }), 400, 'parameter_invalid', 'name');
    expectError(await api.post(`/v1/resources/${r.body.id}`, { capacity: 0 }), 400, 'parameter_invalid', 'capacity');
    expectError(await api.post(`/v1/resources/${r.body.id}`, { buffer_after_minutes: 1441 }), 400, 'parameter_invalid', 'buffer_after_minutes');
    expectError(await api.post(`/v1/resources/${r.body.id}`, { timezone: 'UTC+1' }), 400, 'parameter_invalid', 'timezone');
    expectError(await api.post(`/v1/resources/${r.body.id}`, { default_location: 'loc_nope' }), 404, 'resource_missing', 'default_location');
    expect((await api.get(`/v1/resources/${r.body.id}`)).body).toEqual(r.body);
  });

  it('answers an unknown id with 404', async () => {
    expectError(await api.post('/v1/resources/res_nope', { name: 'x' }), 404, 'resource_missing');
  });
});

describe('archiving', () => {
  it('archives and unarchives, each with its event and the previous status', async () => {
    const r = await room();
    const archived = await api.post(`/v1/resources/${r.body.id}/archive`);
    expect(archived.body.status).toBe('archived');
    const unarchived = await api.post(`/v1/resources/${r.body.id}/unarchive`);
    expect(unarchived.body.status).toBe('active');
    const events = (await api.get('/v1/events', { type: 'resource.*', limit: 3 })).body.data;
    expect(events.map((e: any) => e.type)).toEqual(['resource.unarchived', 'resource.archived', 'resource.created']);
    expect(events[1].data).toEqual({ object: archived.body, previous_attributes: { status: 'active' } });
    expect(events[0].data.previous_attributes).toEqual({ status: 'archived' });
  });

  it('archiving an archived resource changes nothing and writes no event', async () => {
    const r = await room();
    await api.post(`/v1/resources/${r.body.id}/archive`);
    const again = await api.post(`/v1/resources/${r.body.id}/archive`);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('archived');
    const archivedEvents = (await api.get('/v1/events', { type: 'resource.archived', limit: 100 })).body.data.filter((e: any) => e.data.object.id === r.body.id);
    expect(archivedEvents).toHaveLength(1);
  });

  it('answers an unknown id with 404', async () => {
    expectError(await api.post('/v1/resources/res_nope/archive'), 404, 'resource_missing');
  });
});

describe('listing resources', () => {
  it('filters by type, status, default_location and metadata', async () => {
    const acct = await t.newAccount();
    const hall = await acct.post('/v1/locations', { name: 'Hall' });
    const a = await acct.post('/v1/resources', { name: 'A', type: 'room', default_location: hall.body.id, metadata: { wing: 'east' } });
    const b = await acct.post('/v1/resources', { name: 'B', type: 'desk', metadata: { wing: 'west' } });
    const c = await acct.post('/v1/resources', { name: 'C', type: 'room', metadata: { wing: 'east' } });
    await acct.post(`/v1/resources/${c.body.id}/archive`);
    const ids = async (q: Record<string, string>) => (await acct.get('/v1/resources', q)).body.data.map((x: any) => x.id);
    expect(await ids({})).toEqual([c.body.id, b.body.id, a.body.id]);
    expect(await ids({ type: 'room' })).toEqual([c.body.id, a.body.id]);
    expect(await ids({ status: 'active' })).toEqual([b.body.id, a.body.id]);
    expect(await ids({ status: 'archived' })).toEqual([c.body.id]);
    expect(await ids({ default_location: hall.body.id })).toEqual([a.body.id]);
    expect(await ids({ 'metadata[wing]': 'east' })).toEqual([c.body.id, a.body.id]);
    expect(await ids({ 'metadata[wing]': 'east', type: 'room', status: 'active' })).toEqual([a.body.id]);
    expectError(await acct.get('/v1/resources', { status: 'deleted' }), 400, 'parameter_invalid', 'status');
  });
});
