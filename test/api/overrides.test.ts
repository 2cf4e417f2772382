import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { create, createResource } from './availability-support.js';

const t = await setupTestApp();

async function eventsOf(api: typeof t.api, type: string, id: string) {
  const res = await api.get('/v1/events', { type });
  return res.body.data.filter((e: any) => e.data.object.id === id);
}

describe('schedule overrides', () => {
  it('creates an override without updated_at and emits schedule_override.created', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const res = await api.post('/v1/schedule_overrides', {
      resource: r.id,
      date: '2027-12-24',
      intervals: [{ start: '09:00', end: '12:00' }],
      metadata: { why: 'holiday' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^sov_/),
      object: 'schedule_override',
      livemode: false,
      resource: r.id,
      date: '2027-12-24',
      intervals: [{ start: '09:00', end: '12:00', location: null }],
      metadata: { why: 'holiday' },
      created_at: expect.any(String),
    });
    const events = await eventsOf(api, 'schedule_override.created', res.body.id);
    expect(events.map((e: any) => e.data.object)).toEqual([res.body]);
  });

  it('accepts [] to close the day', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const res = await api.post('/v1/schedule_overrides', { resource: r.id, date: '2027-12-25', intervals: [] });
    expect(res.status).toBe(200);
    expect(res.body.intervals).toEqual([]);
  });

  it('refuses a second override for the same resource and date with 409 override_exists', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const other = await createResource(api);
    await create(api, '/v1/schedule_overrides', { resource: r.id, date: '2027-12-24', intervals: [] });
    expectError(await api.post('/v1/schedule_overrides', { resource: r.id, date: '2027-12-24', intervals: [{ start: '10:00', end: '11:00' }] }), 409, 'override_exists', 'date');
    expect((await api.post('/v1/schedule_overrides', { resource: r.id, date: '2027-12-23', intervals: [] })).status).toBe(200);
    expect((await api.post('/v1/schedule_overrides', { resource: other.id, date: '2027-12-24', intervals: [] })).status).toBe(200);
  });

  it('lets only one of two racing creates for the same resource and date succeed', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const body = { resource: r.id, date: '2027-12-31', intervals: [] };
    const results = await Promise.all([api.post('/v1/schedule_overrides', body), api.post('/v1/schedule_overrides', body)]);
    expect(results.map((x) => x.status).sort()).toEqual([200, 409]);
    expectError(results.find((x) => x.status === 409)!, 409, 'override_exists', 'date');
    expect((await api.get('/v1/schedule_overrides', { resource: r.id })).body.data).toHaveLength(1);
  });

  it('lets the date be used again after its override is deleted', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const o = await create(api, '/v1/schedule_overrides', { resource: r.id, date: '2027-12-24', intervals: [] });
    const del = await api.del(`/v1/schedule_overrides/${o.id}`);
    expect(del.body).toEqual({ id: o.id, object: 'schedule_override', deleted: true });
    expect(await eventsOf(api, 'schedule_override.deleted', o.id)).toHaveLength(1);
    expectError(await api.get(`/v1/schedule_overrides/${o.id}`), 404, 'resource_missing');
    expect((await api.post('/v1/schedule_overrides', { resource: r.id, date: '2027-12-24', intervals: [] })).status).toBe(200);
  });

  it('updates intervals and metadata with previous_attributes, and refuses date or resource changes', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const o = await create(api, '/v1/schedule_overrides', { resource: r.id, date: '2027-12-24', intervals: [], metadata: { a: '1' } });
    const res = await api.post(`/v1/schedule_overrides/${o.id}`, { intervals: [{ start: '10:00', end: '14:00' }], metadata: { b: '2' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...o, intervals: [{ start: '10:00', end: '14:00', location: null }], metadata: { a: '1', b: '2' } });
    const [event] = await eventsOf(api, 'schedule_override.updated', o.id);
    expect(event.data.previous_attributes).toEqual({ intervals: [], metadata: { a: '1' } });
    expectError(await api.post(`/v1/schedule_overrides/${o.id}`, { date: '2027-12-25' }), 400, 'parameter_unknown', 'date');
    expectError(await api.post(`/v1/schedule_overrides/${o.id}`, { resource: r.id }), 400, 'parameter_unknown', 'resource');
  });

  it('lists by resource and by inclusive from_date/to_date, newest first, with metadata filters', async () => {
    const api = await t.newAccount();
    const a = await createResource(api);
    const b = await createResource(api);
    const o1 = await create(api, '/v1/schedule_overrides', { resource: a.id, date: '2027-12-01', intervals: [] });
    const o2 = await create(api, '/v1/schedule_overrides', { resource: a.id, date: '2027-12-10', intervals: [], metadata: { k: 'v' } });
    const o3 = await create(api, '/v1/schedule_overrides', { resource: b.id, date: '2027-12-20', intervals: [] });
    const ids = async (q: Record<string, string>) => (await api.get('/v1/schedule_overrides', q)).body.data.map((o: any) => o.id);
    expect(await ids({})).toEqual([o3.id, o2.id, o1.id]);
    expect(await ids({ resource: a.id })).toEqual([o2.id, o1.id]);
    expect(await ids({ from_date: '2027-12-10' })).toEqual([o3.id, o2.id]);
    expect(await ids({ to_date: '2027-12-10' })).toEqual([o2.id, o1.id]);
    expect(await ids({ from_date: '2027-12-02', to_date: '2027-12-19' })).toEqual([o2.id]);
    expect(await ids({ 'metadata[k]': 'v' })).toEqual([o2.id]);
    expectError(await api.get('/v1/schedule_overrides', { from_date: '2027-13-01' }), 400, 'parameter_invalid', 'from_date');
  });

  it('validates intervals like schedules do, naming intervals[i]', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const post = (intervals: unknown, date = '2027-12-24') => api.post('/v1/schedule_overrides', { resource: r.id, date, intervals });
    expectError(await post([{ start: '10:00', end: '09:00' }]), 400, 'parameter_invalid', 'intervals[0].end');
    expectError(await post([{ start: '24:00', end: '24:00' }]), 400, 'parameter_invalid', 'intervals[0].start');
    expectError(await post([{ start: '09:00', end: '12:00' }, { start: '11:59', end: '13:00' }]), 400, 'parameter_invalid', 'intervals[1].start');
    expectError(await post([{ start: '09:00', end: '12:00', location: 'loc_missing' }]), 404, 'resource_missing', 'intervals[0].location');
    expectError(await post([{ start: '09:00' }]), 400, 'parameter_missing', 'intervals[0].end');
    expectError(await post([], '2027-02-29'), 400, 'parameter_invalid', 'date');
    expectError(await post({}), 400, 'parameter_invalid', 'intervals');
    expectError(await api.post('/v1/schedule_overrides', { resource: r.id, date: '2027-12-24' }), 400, 'parameter_missing', 'intervals');
    expectError(await api.post('/v1/schedule_overrides', { resource: 'res_missing', date: '2027-12-24', intervals: [] }), 404, 'resource_missing', 'resource');
    expect((await post([{ start: '00:00', end: '24:00' }])).status).toBe(200);
  });
});
