import { describe, expect, it } from 'vitest';
import { setupTestApp, type Client, expectOk as ok } from '../support/harness.js';
import { DAYS } from './bookings.helpers.js';

const t = await setupTestApp();
const NOW = Date.parse('2027-03-01T08:00:00Z'); // a Monday
t.clock.set(NOW);

const DAY = '2027-03-10';
const at = (hhmm: string, day = DAY) => `${day}T${hhmm}:00Z`;

/** A UTC resource open 09:00–17:00 every day; returns it with its schedule id. */
async function room(api: Client, body: Record<string, unknown> = {}) {
  const r = await ok(api.post('/v1/resources', { name: 'Room', type: 'room', timezone: 'UTC', ...body }));
  const week = Object.fromEntries(DAYS.map((d) => [d, [{ start: '09:00', end: '17:00' }]]));
  const s = await ok(api.post('/v1/schedules', { resource: r.id, effective_from: '2027-01-04', weeks: [week] }));
  return { id: r.id as string, schedule: s.id as string };
}

function explain(api: Client, segments: unknown[], start: string, extra: Record<string, unknown> = {}) {
  return api.post('/v1/availability/explain', { from: at('00:00'), to: at('00:00', '2027-03-11'), timezone: 'UTC', segments, start, ...extra });
}

describe('POST /v1/availability/explain', () => {
  it('says that an offered start fits, names the candidate a booking would get, and gives no reasons', async () => {
    const api = await t.newAccount();
    const a = await room(api);
    const body = await ok(explain(api, [{ resources: [a.id], duration_minutes: 60 }], at('10:00')));
    expect(body).toEqual({
      object: 'availability_explanation',
      timezone: 'UTC',
      start: at('10:00'),
      end: at('11:00'),
      on_grid: true,
      fits: true,
      segments: [
        {
          segment: 0,
          start: at('10:00'),
          end: at('11:00'),
          quantity: 1,
          fits: true,
          resource: a.id,
          candidates: [{ resource: a.id, fits: true, reasons: [] }],
          // Only with prefer_previous_resource (docs/bookings.md#returning-customers).
          previous_resource: null,
        },
      ],
    });
  });

  it('gives every reason of every candidate with the objects behind it', async () => {
    const api = await t.newAccount();
    // a: outside its schedule and blocked; b: closed by an override; c: full, and its day cap reached; d: archived.
    const a = await room(api);
    const b = await room(api);
    const c = await room(api, { capacity: 2, booking_rules: { max_per_day: 2 } });
    const d = await room(api);
    const block = await ok(api.post('/v1/blocks', { resource: a.id, start: at('16:30'), end: at('18:00') }));
    const override = await ok(api.post('/v1/schedule_overrides', { resource: b.id, date: DAY, intervals: [] }));
    const held1 = await ok(api.post('/v1/bookings', { segments: [{ resource: c.id, start: at('16:00'), end: at('17:00') }] }));
    const held2 = await ok(api.post('/v1/bookings', { segments: [{ resource: c.id, start: at('16:30'), end: at('17:00') }] }));
    await ok(api.post(`/v1/resources/${d.id}/archive`));

    const body = await ok(explain(api, [{ resources: [a.id, b.id, c.id, d.id], duration_minutes: 60 }], at('16:30'), { slot_interval_minutes: 30 }));
    expect(body.fits).toBe(false);
    expect(body.on_grid).toBe(true);
    const [segment] = body.segments;
    expect(segment).toMatchObject({ fits: false, resource: null });
    const byId = Object.fromEntries(segment.candidates.map((x: any) => [x.resource, x]));
    expect(Object.keys(byId)).toEqual([a.id, b.id, c.id, d.id]);

    expect(byId[a.id].fits).toBe(false);
    expect(byId[a.id].reasons).toEqual([
      expect.objectContaining({
        reason: 'outside_schedule',
        held_start: at('16:30'),
        held_end: at('17:30'),
        working_days: [{ date: DAY, override: null, holiday: null, schedule: a.schedule, intervals: [{ start: at('09:00'), end: at('17:00'), location: null }] }],
      }),
      expect.objectContaining({ reason: 'blocked', blocks: [{ id: block.id, scope: 'resource', start: at('16:30'), end: at('18:00') }] }),
    ]);
    expect(byId[b.id].reasons).toEqual([
      expect.objectContaining({ reason: 'outside_schedule', working_days: [{ date: DAY, override: override.id, holiday: null, schedule: null, intervals: [] }] }),
    ]);
    expect(byId[c.id].reasons.map((r: any) => r.reason)).toEqual(['outside_schedule', 'capacity_exceeded', 'limit_reached']);
    expect(byId[c.id].reasons[1]).toMatchObject({
      capacity: 2,
      requested: 1,
      bookings: [
        { booking: held1.id, quantity: 1, held_start: at('16:00'), held_end: at('17:00') },
        { booking: held2.id, quantity: 1, held_start: at('16:30'), held_end: at('17:00') },
      ],
    });
    expect(byId[c.id].reasons[2]).toMatchObject({
      rule: 'max_per_day',
      limit: 2,
      period: { from: DAY, until: '2027-03-11' },
      bookings: [held1.id, held2.id].sort(),
    });
    expect(byId[d.id].reasons[0]).toMatchObject({ reason: 'resource_archived', resource: d.id, status: 'archived' });
  });

  it('names the notice and advance rules with their limits, and a start that has passed', async () => {
    const api = await t.newAccount();
    const r = await room(api, { booking_rules: { min_notice_minutes: 30 * 24 * 60 } });
    const soon = await ok(explain(api, [{ resource: r.id, duration_minutes: 60 }], at('10:00')));
    expect(soon.segments[0].candidates[0].reasons).toEqual([
      expect.objectContaining({ reason: 'too_soon', rule: 'min_notice_minutes', limit: 43200, earliest_start: '2027-03-31T08:00:00Z' }),
    ]);
    const far = await ok(api.post(`/v1/resources/${r.id}`, { booking_rules: { min_notice_minutes: null, max_advance_days: 2 } }));
    expect(far.booking_rules.max_advance_days).toBe(2);
    const late = await ok(explain(api, [{ resource: r.id, duration_minutes: 60 }], at('10:00')));
    expect(late.segments[0].candidates[0].reasons).toEqual([
      expect.objectContaining({ reason: 'too_far_ahead', rule: 'max_advance_days', limit: 2, latest_start: '2027-03-03T08:00:00Z' }),
    ]);
    const past = await ok(
      api.post('/v1/availability/explain', {
        from: '2027-02-28T00:00:00Z',
        to: '2027-03-01T00:00:00Z',
        timezone: 'UTC',
        segments: [{ resource: r.id, duration_minutes: 60 }],
        start: '2027-02-28T10:00:00Z',
      }),
    );
    expect(past.segments[0].candidates[0].reasons).toEqual([expect.objectContaining({ reason: 'start_passed', now: '2027-03-01T08:00:00Z' })]);
  });

  it('says whether a start is on the search grid', async () => {
    const api = await t.newAccount();
    const r = await room(api);
    const off = await ok(explain(api, [{ resource: r.id, duration_minutes: 60 }], at('10:07')));
    expect(off).toMatchObject({ on_grid: false, fits: true });
    const late = await ok(explain(api, [{ resource: r.id, duration_minutes: 60 }], at('23:30')));
    expect(late.on_grid).toBe(false); // the slot would end after `to`
  });

  it('refuses a start outside the range, and a request over the search budget, before any work', async () => {
    const api = await t.newAccount();
    const r = await room(api);
    const outside = await explain(api, [{ resource: r.id, duration_minutes: 60 }], '2027-03-12T10:00:00Z');
    expect(outside.status).toBe(400);
    expect(outside.body.error).toMatchObject({ code: 'parameter_invalid', param: 'start' });
    const search = { from: at('00:00'), to: '2027-05-01T00:00:00Z', segments: [{ resources: Array(50).fill(r.id), duration_minutes: 30 }], slot_interval_minutes: 1 };
    const expensive = await api.post('/v1/availability/explain', { ...search, start: at('10:00') });
    const searched = await api.post('/v1/availability', search);
    expect(expensive.status).toBe(400);
    expect(expensive.body.error.message).toBe(searched.body.error.message);
    const missing = await explain(api, [{ resource: 'res_nope', duration_minutes: 60 }], at('10:00'));
    expect(missing.status).toBe(404);
    expect(missing.body.error.param).toBe('segments[0].resource');
  });

  it('accounts for earlier segments of the same request on the same resource', async () => {
    const api = await t.newAccount();
    const r = await room(api);
    const body = await ok(
      explain(api, [
        { resource: r.id, duration_minutes: 60 },
        { resource: r.id, duration_minutes: 60, offset_minutes: 30 },
      ], at('10:00')),
    );
    expect(body.fits).toBe(false);
    expect(body.segments[1].candidates[0].reasons).toEqual([
      expect.objectContaining({ reason: 'capacity_exceeded', bookings: [], this_request: [{ quantity: 1, held_start: at('10:00'), held_end: at('11:00') }] }),
    ]);
  });
});
