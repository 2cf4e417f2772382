import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { createResource, openResource, pinNow } from './availability-support.js';

pinNow();
const t = await setupTestApp();
const api = await t.newAccount({ timezone: 'Europe/Paris' });
const r = await openResource(api);
const from = '2027-01-11T00:00:00Z';
const DAY_MS = 24 * 3600_000;
const plus = (ms: number) => new Date(Date.parse(from) + ms).toISOString();
const base = { from, to: '2027-01-12T00:00:00Z', segments: [{ resource: r.id, duration_minutes: 60 }] };

const ok = async (body: Record<string, unknown>) => {
  const res = await api.post('/v1/availability', body);
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const bad = (body: Record<string, unknown>, param: string, code = 'parameter_invalid') => api.post('/v1/availability', body).then((res) => expectError(res, 400, code, param));
const seg = (extra: Record<string, unknown>) => ({ ...base, segments: [{ ...base.segments[0], ...extra }] });

describe('availability search validation', () => {
  it('takes slot_interval_minutes from 1 to 1440', async () => {
    await bad({ ...base, slot_interval_minutes: 0 }, 'slot_interval_minutes');
    expect((await ok({ ...base, slot_interval_minutes: 1, limit: 5 })).slots).toHaveLength(5);
    await ok({ ...base, slot_interval_minutes: 1440 });
    await bad({ ...base, slot_interval_minutes: 1441 }, 'slot_interval_minutes');
    await bad({ ...base, slot_interval_minutes: 15.5 }, 'slot_interval_minutes');
    await bad({ ...base, slot_interval_minutes: '15' }, 'slot_interval_minutes');
  });

  it('takes limit from 1 to 1000', async () => {
    await bad({ ...base, limit: 0 }, 'limit');
    expect((await ok({ ...base, limit: 1 })).slots).toHaveLength(1);
    await ok({ ...base, limit: 1000 });
    await bad({ ...base, limit: 1001 }, 'limit');
  });

  it('takes duration_minutes from 1 to 10080', async () => {
    await bad(seg({ duration_minutes: 0 }), 'segments[0].duration_minutes');
    expect((await ok(seg({ duration_minutes: 1 }))).slots.length).toBeGreaterThan(0);
    await ok(seg({ duration_minutes: 10080 }));
    await bad(seg({ duration_minutes: 10081 }), 'segments[0].duration_minutes');
    await bad({ ...base, segments: [{ resource: r.id }] }, 'segments[0].duration_minutes', 'parameter_missing');
  });

  it('takes from and to at most 62 days apart, to after from', async () => {
    await ok({ ...base, to: plus(62 * DAY_MS) });
    await bad({ ...base, to: plus(62 * DAY_MS + 1000) }, 'to');
    await ok({ ...base, to: plus(60_000) });
    await bad({ ...base, to: from }, 'to');
    await bad({ ...base, to: plus(-60_000) }, 'to');
    await bad({ ...base, from: '2027-01-11' }, 'from');
    await bad({ ...base, to: '2027-01-11T25:00:00Z' }, 'to');
    await bad({ segments: base.segments, to: base.to }, 'from', 'parameter_missing');
  });

  it('keeps from and to within years 1900 to 9998', async () => {
    await ok({ ...base, from: '1900-01-01T00:00:00Z', to: '1900-01-02T00:00:00Z' });
    await bad({ ...base, from: '1899-12-31T23:59:59Z', to: '1900-01-02T00:00:00Z' }, 'from');
    await ok({ ...base, from: '9998-12-31T00:00:00Z', to: '9999-01-01T00:00:00Z' });
    await bad({ ...base, from: '9998-12-31T00:00:00Z', to: '9999-01-01T00:00:01Z' }, 'to');
  });

  it('takes 1 to 20 segments', async () => {
    await bad({ ...base, segments: [] }, 'segments');
    const many = (n: number) => Array.from({ length: n }, () => ({ resource: r.id, duration_minutes: 1 }));
    await ok({ ...base, segments: many(1) });
    const twenty = await ok({ ...base, segments: many(20), slot_interval_minutes: 60 });
    expect(twenty.slots[0].segments).toHaveLength(20);
    await bad({ ...base, segments: many(21) }, 'segments');
  });

  it('takes 1 to 50 candidates', async () => {
    const ids = [r.id];
    for (let i = 1; i < 51; i++) ids.push((await createResource(api)).id);
    await bad(seg({ resource: undefined, resources: [] }), 'segments[0].resources');
    await ok(seg({ resource: undefined, resources: ids.slice(0, 1) }));
    const fifty = await ok(seg({ resource: undefined, resources: ids.slice(0, 50) }));
    expect(fifty.slots[0].segments[0].resource).toBe(r.id);
    await bad(seg({ resource: undefined, resources: ids }), 'segments[0].resources');
    await bad(seg({ resource: undefined, resources: [r.id, ''] }), 'segments[0].resources[1]');
  });

  it('needs exactly one of resource, resources and type', async () => {
    await bad({ ...base, segments: [{ duration_minutes: 60 }] }, 'segments[0].resource', 'parameter_missing');
    await bad(seg({ resources: [r.id] }), 'segments[0].resources', 'parameters_exclusive');
    await bad(seg({ type: 'room' }), 'segments[0].type', 'parameters_exclusive');
    await bad({ ...base, segments: [{ resources: [r.id], type: 'room', duration_minutes: 5 }] }, 'segments[0].type', 'parameters_exclusive');
    await bad(seg({ type: '' }), 'segments[0].type');
  });

  it('checks quantity, offsets and buffers at their bounds', async () => {
    await bad(seg({ quantity: 0 }), 'segments[0].quantity');
    await ok(seg({ quantity: 1 }));
    await ok(seg({ quantity: 10000 }));
    await bad(seg({ quantity: 10001 }), 'segments[0].quantity');
    await bad(seg({ offset_minutes: -1 }), 'segments[0].offset_minutes');
    await ok(seg({ offset_minutes: 0 }));
    await ok(seg({ offset_minutes: null }));
    await bad(seg({ offset_minutes: 89281 }), 'segments[0].offset_minutes');
    for (const b of ['buffer_before_minutes', 'buffer_after_minutes']) {
      await bad(seg({ [b]: -1 }), `segments[0].${b}`);
      await ok(seg({ [b]: 0 }));
      await ok(seg({ [b]: 1440 }));
      await bad(seg({ [b]: 1441 }), `segments[0].${b}`);
    }
  });

  it('refuses unknown parameters and time zones that are not IANA names', async () => {
    await bad({ ...base, colour: 'red' }, 'colour', 'parameter_unknown');
    await bad(seg({ colour: 'red' }), 'segments[0].colour', 'parameter_unknown');
    await bad({ ...base, timezone: 'Mars/Olympus' }, 'timezone');
    await bad({ ...base, timezone: '+05:00' }, 'timezone');
    expect((await ok({ ...base, timezone: 'America/New_York' })).timezone).toBe('America/New_York');
  });
});

describe('availability calendar validation', () => {
  const q = { resource: r.id, from, to: '2027-01-12T00:00:00Z' };
  const badGet = async (query: Record<string, string>, status: number, code: string, param: string) =>
    expectError(await api.get('/v1/availability/calendar', query), status, code, param);

  it('checks resource, from, to, location and timezone', async () => {
    expect((await api.get('/v1/availability/calendar', { ...q, to: plus(62 * DAY_MS) })).status).toBe(200);
    await badGet({ ...q, to: plus(62 * DAY_MS + 1000) }, 400, 'parameter_invalid', 'to');
    await badGet({ ...q, to: from }, 400, 'parameter_invalid', 'to');
    await badGet({ from: q.from, to: q.to }, 400, 'parameter_missing', 'resource');
    await badGet({ resource: r.id, to: q.to }, 400, 'parameter_missing', 'from');
    await badGet({ ...q, from: 'soon' }, 400, 'parameter_invalid', 'from');
    await badGet({ ...q, resource: 'res_nope' }, 404, 'resource_missing', 'resource');
    await badGet({ ...q, location: 'loc_nope' }, 404, 'resource_missing', 'location');
    await badGet({ ...q, timezone: 'Nowhere/Land' }, 400, 'parameter_invalid', 'timezone');
    await badGet({ ...q, colour: 'red' }, 400, 'parameter_unknown', 'colour');
  });
});
