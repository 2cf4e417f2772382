import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { create, createResource, week } from './availability-support.js';

const t = await setupTestApp();

async function eventsOf(api: typeof t.api, type: string, id: string) {
  const res = await api.get('/v1/events', { type });
  return res.body.data.filter((e: any) => e.data.object.id === id);
}

describe('schedules', () => {
  it('creates a schedule with weekday keys in calendar order and emits schedule.created', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const res = await api.post('/v1/schedules', {
      resource: r.id,
      effective_from: '2027-01-04',
      weeks: [{ sunday: [{ start: '10:00', end: '12:00' }], monday: [{ start: '09:00', end: '17:00', location: null }] }],
      metadata: { kind: 'regular' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^sch_/),
      object: 'schedule',
      livemode: false,
      resource: r.id,
      effective_from: '2027-01-04',
      weeks: [{ monday: [{ start: '09:00', end: '17:00', location: null }], sunday: [{ start: '10:00', end: '12:00', location: null }] }],
      metadata: { kind: 'regular' },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(Object.keys(res.body.weeks[0])).toEqual(['monday', 'sunday']);
    expect(Object.keys(res.body.weeks[0].monday[0])).toEqual(['start', 'end', 'location']);
    const events = await eventsOf(api, 'schedule.created', res.body.id);
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(res.body);
  });

  it('retrieves a schedule and lists schedules by resource and metadata, newest first, with pagination', async () => {
    const api = await t.newAccount();
    const a = await createResource(api);
    const b = await createResource(api);
    const s1 = await create(api, '/v1/schedules', { resource: a.id, effective_from: '2027-01-01', weeks: [{}], metadata: { tag: 'x' } });
    const s2 = await create(api, '/v1/schedules', { resource: a.id, effective_from: '2027-02-01', weeks: [{}] });
    const s3 = await create(api, '/v1/schedules', { resource: b.id, effective_from: '2027-01-01', weeks: [{}], metadata: { tag: 'x' } });
    expect((await api.get(`/v1/schedules/${s1.id}`)).body).toEqual(s1);
    const byA = await api.get('/v1/schedules', { resource: a.id });
    expect(byA.body.data.map((s: any) => s.id)).toEqual([s2.id, s1.id]);
    const tagged = await api.get('/v1/schedules', { 'metadata[tag]': 'x' });
    expect(tagged.body.data.map((s: any) => s.id)).toEqual([s3.id, s1.id]);
    const page1 = await api.get('/v1/schedules', { limit: 2 });
    expect(page1.body).toMatchObject({ object: 'list', has_more: true });
    expect(page1.body.data.map((s: any) => s.id)).toEqual([s3.id, s2.id]);
    const page2 = await api.get('/v1/schedules', { limit: 2, starting_after: s2.id });
    expect(page2.body.data.map((s: any) => s.id)).toEqual([s1.id]);
    expect(page2.body.has_more).toBe(false);
  });

  it('updates effective_from, weeks and metadata and emits schedule.updated with previous_attributes', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const s = await create(api, '/v1/schedules', { resource: r.id, effective_from: '2027-01-04', weeks: [week([{ start: '09:00', end: '17:00' }], ['monday'])], metadata: { a: '1', b: '2' } });
    const res = await api.post(`/v1/schedules/${s.id}`, {
      effective_from: '2027-02-01',
      weeks: [week([{ start: '08:00', end: '12:00' }], ['tuesday']), {}],
      metadata: { a: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      effective_from: '2027-02-01',
      weeks: [{ tuesday: [{ start: '08:00', end: '12:00', location: null }] }, {}],
      metadata: { b: '2' },
    });
    const [event] = await eventsOf(api, 'schedule.updated', s.id);
    expect(event.data.previous_attributes).toEqual({ effective_from: '2027-01-04', weeks: s.weeks, metadata: { a: '1', b: '2' } });
    expect(event.data.object).toEqual(res.body);
  });

  it('deletes a schedule, emits schedule.deleted and then answers 404', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const s = await create(api, '/v1/schedules', { resource: r.id, effective_from: '2027-01-04', weeks: [{}] });
    const res = await api.del(`/v1/schedules/${s.id}`);
    expect(res.body).toEqual({ id: s.id, object: 'schedule', deleted: true });
    expect(await eventsOf(api, 'schedule.deleted', s.id)).toHaveLength(1);
    expectError(await api.get(`/v1/schedules/${s.id}`), 404, 'resource_missing');
    expectError(await api.del(`/v1/schedules/${s.id}`), 404, 'resource_missing');
    expectError(await api.post(`/v1/schedules/${s.id}`, { metadata: { a: 'b' } }), 404, 'resource_missing');
  });

  it("does not show or change another account's schedule", async () => {
    const api = await t.newAccount();
    const other = await t.newAccount();
    const r = await createResource(api);
    const s = await create(api, '/v1/schedules', { resource: r.id, effective_from: '2027-01-04', weeks: [{}] });
    expectError(await other.get(`/v1/schedules/${s.id}`), 404, 'resource_missing');
    expectError(await other.del(`/v1/schedules/${s.id}`), 404, 'resource_missing');
    expectError(await other.post('/v1/schedules', { resource: r.id, effective_from: '2027-01-04', weeks: [{}] }), 404, 'resource_missing', 'resource');
    expect((await other.get('/v1/schedules')).body.data).toEqual([]);
  });

  it('lets a read-only restricted key read schedules but not write them', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const key = await t.restrictedKey({ permissions: { schedules: 'read' }, account: api.accountId });
    const ro = api.withKey(key);
    expect((await ro.get('/v1/schedules')).status).toBe(200);
    expectError(await ro.post('/v1/schedules', { resource: r.id, effective_from: '2027-01-04', weeks: [{}] }), 403, 'permission_denied');
  });
});

describe('schedule validation', () => {
  const body = (r: string, weeks: unknown, extra: Record<string, unknown> = {}) => ({ resource: r, effective_from: '2027-01-04', weeks, ...extra });

  it('refuses an interval whose end is not after its start, naming it', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    expectError(await api.post('/v1/schedules', body(r.id, [{ monday: [{ start: '10:00', end: '09:00' }] }])), 400, 'parameter_invalid', 'weeks[0].monday[0].end');
    expectError(await api.post('/v1/schedules', body(r.id, [{}, { friday: [{ start: '10:00', end: '10:00' }] }])), 400, 'parameter_invalid', 'weeks[1].friday[0].end');
  });

  it('allows 24:00 only as an end', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    expect((await api.post('/v1/schedules', body(r.id, [{ monday: [{ start: '22:00', end: '24:00' }] }]))).status).toBe(200);
    expectError(await api.post('/v1/schedules', body(r.id, [{ monday: [{ start: '24:00', end: '24:00' }] }])), 400, 'parameter_invalid', 'weeks[0].monday[0].start');
  });

  it('refuses malformed wall times: 9:00, 24:01, 12:60', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    for (const [start, end, param] of [
      ['9:00', '10:00', 'start'],
      ['09:00', '24:01', 'end'],
      ['12:60', '13:00', 'start'],
      ['09:00', 1000, 'end'],
    ]) {
      expectError(await api.post('/v1/schedules', body(r.id, [{ monday: [{ start, end }] }])), 400, 'parameter_invalid', `weeks[0].monday[0].${param}`);
    }
  });

  it('refuses overlapping intervals of one day, naming the later one, but accepts touching ones', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const overlapping = [{ monday: [{ start: '13:00', end: '17:00' }, { start: '09:00', end: '13:30' }] }];
    expectError(await api.post('/v1/schedules', body(r.id, overlapping)), 400, 'parameter_invalid', 'weeks[0].monday[0].start');
    const second = [{ tuesday: [{ start: '09:00', end: '12:00' }, { start: '11:00', end: '12:00' }] }];
    expectError(await api.post('/v1/schedules', body(r.id, second)), 400, 'parameter_invalid', 'weeks[0].tuesday[1].start');
    const touching = [{ monday: [{ start: '09:00', end: '12:00' }, { start: '12:00', end: '13:00' }] }];
    expect((await api.post('/v1/schedules', body(r.id, touching))).status).toBe(200);
  });

  it('refuses unknown weekday keys and unknown interval fields as parameter_unknown', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    expectError(await api.post('/v1/schedules', body(r.id, [{ funday: [] }])), 400, 'parameter_unknown', 'weeks[0].funday');
    expectError(await api.post('/v1/schedules', body(r.id, [{ Monday: [] }])), 400, 'parameter_unknown', 'weeks[0].Monday');
    expectError(
      await api.post('/v1/schedules', body(r.id, [{ monday: [{ start: '09:00', end: '10:00', colour: 'red' }] }])),
      400,
      'parameter_unknown',
      'weeks[0].monday[0].colour',
    );
    expectError(await api.post('/v1/schedules', body(r.id, [{}], { timezone: 'UTC' })), 400, 'parameter_unknown', 'timezone');
  });

  it('takes 1 to 4 weeks', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    expectError(await api.post('/v1/schedules', body(r.id, [])), 400, 'parameter_invalid', 'weeks');
    expect((await api.post('/v1/schedules', body(r.id, [{}]))).status).toBe(200);
    expect((await api.post('/v1/schedules', body(r.id, [{}, {}, {}, {}]))).status).toBe(200);
    expectError(await api.post('/v1/schedules', body(r.id, [{}, {}, {}, {}, {}])), 400, 'parameter_invalid', 'weeks');
  });

  it('takes up to 96 intervals a day', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const slots = (n: number) =>
      Array.from({ length: n }, (_, i) => {
        const m = i * 15;
        const f = (x: number) => `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
        return { start: f(m), end: f(m + 10) };
      });
    expect((await api.post('/v1/schedules', body(r.id, [{ monday: slots(96) }]))).status).toBe(200);
    expectError(await api.post('/v1/schedules', body(r.id, [{ monday: [...slots(96), { start: '23:55', end: '24:00' }] }])), 400, 'parameter_invalid', 'weeks[0].monday');
  });

  it('requires resource, effective_from and weeks, and checks that they exist and are well formed', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    expectError(await api.post('/v1/schedules', { effective_from: '2027-01-04', weeks: [{}] }), 400, 'parameter_missing', 'resource');
    expectError(await api.post('/v1/schedules', { resource: r.id, weeks: [{}] }), 400, 'parameter_missing', 'effective_from');
    expectError(await api.post('/v1/schedules', { resource: r.id, effective_from: '2027-01-04' }), 400, 'parameter_missing', 'weeks');
    expectError(await api.post('/v1/schedules', body(r.id, [{}], { effective_from: '2027-02-30' })), 400, 'parameter_invalid', 'effective_from');
    expectError(await api.post('/v1/schedules', body('res_nope', [{}])), 404, 'resource_missing', 'resource');
    expectError(await api.post('/v1/schedules', body(r.id, {})), 400, 'parameter_invalid', 'weeks');
  });

  it('requires interval locations to exist in the account', async () => {
    const api = await t.newAccount();
    const other = await t.newAccount();
    const r = await createResource(api);
    const loc = await create(api, '/v1/locations', { name: 'Main' });
    const foreign = await create(other, '/v1/locations', { name: 'Elsewhere' });
    const weeks = [{ monday: [{ start: '09:00', end: '12:00', location: loc.id }], tuesday: [{ start: '09:00', end: '12:00', location: foreign.id }] }];
    expectError(await api.post('/v1/schedules', body(r.id, weeks)), 404, 'resource_missing', 'weeks[0].tuesday[0].location');
    const ok = await api.post('/v1/schedules', body(r.id, [{ monday: weeks[0].monday }]));
    expect(ok.body.weeks[0].monday[0].location).toBe(loc.id);
    expectError(await api.post(`/v1/schedules/${ok.body.id}`, { weeks }), 404, 'resource_missing', 'weeks[0].tuesday[0].location');
  });

  it('validates weeks on update the same way and changes nothing on failure', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const s = await create(api, '/v1/schedules', body(r.id, [{ monday: [{ start: '09:00', end: '17:00' }] }]));
    expectError(await api.post(`/v1/schedules/${s.id}`, { weeks: [{ monday: [{ start: '18:00', end: '17:00' }] }] }), 400, 'parameter_invalid', 'weeks[0].monday[0].end');
    expectError(await api.post(`/v1/schedules/${s.id}`, { resource: r.id }), 400, 'parameter_unknown', 'resource');
    expect((await api.get(`/v1/schedules/${s.id}`)).body).toEqual(s);
  });
});
