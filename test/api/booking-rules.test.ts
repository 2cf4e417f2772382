import { describe, expect, it } from 'vitest';
import { setupTestApp, type Client } from '../support/harness.js';
import { openResource } from './bookings.helpers.js';

const t = await setupTestApp();
// Business time is pinned: a Monday, 08:00 UTC.
const NOW = Date.parse('2027-03-01T08:00:00Z');
t.clock.set(NOW);

const MIN = 60_000;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** A resource open around the clock, so only the rules can refuse. */
async function alwaysOpen(api: Client, body: Record<string, unknown> = {}) {
  return openResource(api, body, [{ start: '00:00', end: '24:00' }]);
}

function bookAt(api: Client, resource: string, startMs: number, extra: Record<string, unknown> = {}) {
  return api.post('/v1/bookings', { segments: [{ resource, start: iso(startMs), end: iso(startMs + 30 * MIN) }], ...extra });
}

function reasonsOf(res: { body: any }) {
  return (res.body.error?.conflicts ?? res.body.conflicts ?? []).map((c: any) => c.reason);
}

describe('the booking_rules object', () => {
  it('is all null by default on accounts and resources, and takes every bound', async () => {
    const api = await t.newAccount();
    const account = await t.api.get(`/v1/accounts/${api.accountId}`);
    const none = { min_notice_minutes: null, max_advance_days: null, max_per_day: null, max_per_week: null };
    expect(account.body.booking_rules).toEqual(none);
    const r = await api.post('/v1/resources', { name: 'Room', type: 'room' });
    expect(r.body.booking_rules).toEqual(none);

    const bounds = { min_notice_minutes: [0, 525600], max_advance_days: [1, 730], max_per_day: [1, 1000], max_per_week: [1, 5000] } as const;
    for (const [field, [low, high]] of Object.entries(bounds)) {
      for (const ok of [low, high]) {
        const res = await api.post(`/v1/resources/${r.body.id}`, { booking_rules: { [field]: ok } });
        expect(res.status, `${field}=${ok}`).toBe(200);
        expect(res.body.booking_rules[field]).toBe(ok);
        const acct = await t.api.post(`/v1/accounts/${api.accountId}`, { booking_rules: { [field]: ok } });
        expect(acct.status, `account ${field}=${ok}`).toBe(200);
      }
      for (const bad of [low - 1, high + 1]) {
        const res = await api.post(`/v1/resources/${r.body.id}`, { booking_rules: { [field]: bad } });
        expect(res.status, `${field}=${bad}`).toBe(400);
        expect(res.body.error.code).toBe('parameter_invalid');
        expect(res.body.error.param).toContain(field);
        const acct = await t.api.post(`/v1/accounts/${api.accountId}`, { booking_rules: { [field]: bad } });
        expect(acct.status, `account ${field}=${bad}`).toBe(400);
      }
    }
    const unknown = await api.post(`/v1/resources/${r.body.id}`, { booking_rules: { max_per_month: 3 } });
    expect(unknown.body.error.code).toBe('parameter_unknown');
  });

  it('merges an update field by field, and null removes a rule', async () => {
    const api = await t.newAccount();
    const r = await api.post('/v1/resources', { name: 'Room', type: 'room', booking_rules: { min_notice_minutes: 60, max_per_day: 3 } });
    expect(r.body.booking_rules).toEqual({ min_notice_minutes: 60, max_advance_days: null, max_per_day: 3, max_per_week: null });
    const u = await api.post(`/v1/resources/${r.body.id}`, { booking_rules: { max_per_day: null, max_advance_days: 10 } });
    expect(u.body.booking_rules).toEqual({ min_notice_minutes: 60, max_advance_days: 10, max_per_day: null, max_per_week: null });
    const [event] = (await api.get('/v1/events', { type: 'resource.updated' })).body.data;
    expect(event.data.previous_attributes.booking_rules).toEqual(r.body.booking_rules);
  });

  it("applies the account's rules to its resources, each field overridden by the resource's own", async () => {
    const api = await t.newAccount();
    await t.api.post(`/v1/accounts/${api.accountId}`, { booking_rules: { min_notice_minutes: 120, max_per_day: 1 } });
    const own = await alwaysOpen(api, { booking_rules: { min_notice_minutes: 30 } });
    const inherits = await alwaysOpen(api);
    // 60 minutes ahead: too soon under the account's 120, fine under the resource's 30.
    expect((await bookAt(api, own.id, NOW + 60 * MIN)).status).toBe(200);
    const refused = await bookAt(api, inherits.id, NOW + 60 * MIN);
    expect(refused.status).toBe(409);
    expect(refused.body.error.conflicts).toMatchObject([{ reason: 'too_soon', rule: 'min_notice_minutes', limit: 120, resource: inherits.id }]);
    // The account's cap of one a day applies to the resource that set only its notice.
    const second = await bookAt(api, own.id, NOW + 120 * MIN);
    expect(reasonsOf(second)).toEqual(['limit_reached']);
  });
});

describe('minimum notice and maximum advance', () => {
  it('accepts a start exactly min_notice_minutes ahead and refuses one a minute less with too_soon', async () => {
    const api = await t.newAccount();
    const r = await alwaysOpen(api, { capacity: 2, booking_rules: { min_notice_minutes: 120 } });
    expect((await bookAt(api, r.id, NOW + 120 * MIN)).status).toBe(200);
    const res = await bookAt(api, r.id, NOW + 119 * MIN);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('booking_conflict');
    expect(res.body.error.conflicts).toEqual([
      expect.objectContaining({ segment: 0, resource: r.id, reason: 'too_soon', rule: 'min_notice_minutes', limit: 120 }),
    ]);
  });

  it('accepts a start exactly max_advance_days ahead and refuses one a minute later with too_far_ahead', async () => {
    const api = await t.newAccount();
    const r = await alwaysOpen(api, { capacity: 2, booking_rules: { max_advance_days: 60 } });
    expect((await bookAt(api, r.id, NOW + 60 * DAY)).status).toBe(200);
    const res = await bookAt(api, r.id, NOW + 60 * DAY + MIN);
    expect(res.status).toBe(409);
    expect(res.body.error.conflicts).toEqual([expect.objectContaining({ reason: 'too_far_ahead', rule: 'max_advance_days', limit: 60 })]);
  });

  it('books under allow and flags the booking; capacity_only books it too, recording the reason like an outside_schedule', async () => {
    const api = await t.newAccount();
    const r = await alwaysOpen(api, { booking_rules: { min_notice_minutes: 600 } });
    const allowed = await bookAt(api, r.id, NOW + 60 * MIN, { conflict_policy: 'allow' });
    expect(allowed.status).toBe(200);
    expect(allowed.body.conflicted).toBe(true);
    expect(allowed.body.conflicts).toMatchObject([{ reason: 'too_soon', limit: 600 }]);
    const capacityOnly = await bookAt(api, r.id, NOW + 120 * MIN, { conflict_policy: 'capacity_only' });
    expect(capacityOnly.status).toBe(200);
    expect(reasonsOf(capacityOnly)).toEqual(['too_soon']);
  });

  it('refuses a reschedule into a start that breaks a rule, and allows one under allow', async () => {
    const api = await t.newAccount();
    const r = await alwaysOpen(api, { booking_rules: { min_notice_minutes: 120 } });
    const b = await bookAt(api, r.id, NOW + DAY);
    const moved = await api.post(`/v1/bookings/${b.body.id}/reschedule`, { segments: [{ resource: r.id, start: iso(NOW + 30 * MIN), end: iso(NOW + 60 * MIN) }] });
    expect(moved.status).toBe(409);
    expect(reasonsOf(moved)).toEqual(['too_soon']);
    const allowed = await api.post(`/v1/bookings/${b.body.id}/reschedule`, {
      segments: [{ resource: r.id, start: iso(NOW + 30 * MIN), end: iso(NOW + 60 * MIN) }],
      conflict_policy: 'allow',
    });
    expect(allowed.status).toBe(200);
    expect(reasonsOf(allowed)).toEqual(['too_soon']);
  });

  it('never offers in search a start that breaks notice or advance', async () => {
    const api = await t.newAccount();
    const r = await alwaysOpen(api, { booking_rules: { min_notice_minutes: 90, max_advance_days: 1 } });
    const res = await api.post('/v1/availability', {
      from: iso(NOW),
      to: iso(NOW + 3 * DAY),
      segments: [{ resource: r.id, duration_minutes: 30 }],
      slot_interval_minutes: 30,
      limit: 1000,
    });
    expect(res.status).toBe(200);
    const starts = res.body.slots.map((s: any) => Date.parse(s.start));
    expect(Math.min(...starts)).toBe(NOW + 90 * MIN);
    expect(Math.max(...starts)).toBe(NOW + DAY);
  });
});

describe('caps per day and per week', () => {
  it('counts bookings holding the resource per local day in its time zone, and refuses one past max_per_day', async () => {
    const api = await t.newAccount();
    // New York: 2027-03-02 local runs from 05:00Z to 05:00Z the next day.
    const r = await alwaysOpen(api, { timezone: 'America/New_York', booking_rules: { max_per_day: 2 } });
    const day = Date.parse('2027-03-02T05:00:00Z');
    expect((await bookAt(api, r.id, day)).status).toBe(200);
    expect((await bookAt(api, r.id, day + 23 * 60 * MIN)).status).toBe(200); // 23:00 local, 04:00Z the day after
    const third = await bookAt(api, r.id, day + 12 * 60 * MIN);
    expect(third.status).toBe(409);
    expect(third.body.error.conflicts).toEqual([expect.objectContaining({ reason: 'limit_reached', rule: 'max_per_day', limit: 2 })]);
    // The next local day is free again, though it is the same UTC date as the 23:00 booking.
    expect((await bookAt(api, r.id, day + DAY + 60 * MIN)).status).toBe(200);
  });

  it('frees a place when a booking is cancelled, and does not count a rescheduled booking against itself', async () => {
    const api = await t.newAccount();
    const r = await alwaysOpen(api, { booking_rules: { max_per_day: 1 } });
    const day = Date.parse('2027-03-03T09:00:00Z');
    const first = await bookAt(api, r.id, day);
    expect(first.status).toBe(200);
    const moved = await api.post(`/v1/bookings/${first.body.id}/reschedule`, { segments: [{ resource: r.id, start: iso(day + 120 * MIN), end: iso(day + 150 * MIN) }] });
    expect(moved.status).toBe(200);
    expect(reasonsOf(await bookAt(api, r.id, day))).toEqual(['limit_reached']);
    await api.post(`/v1/bookings/${moved.body.id}/cancel`);
    expect((await bookAt(api, r.id, day)).status).toBe(200);
  });

  it('counts an ISO week from Monday to Sunday for max_per_week', async () => {
    const api = await t.newAccount();
    const r = await alwaysOpen(api, { booking_rules: { max_per_week: 2 } });
    const monday = Date.parse('2027-03-08T10:00:00Z');
    expect((await bookAt(api, r.id, monday)).status).toBe(200);
    expect((await bookAt(api, r.id, monday + 6 * DAY)).status).toBe(200); // Sunday
    const third = await bookAt(api, r.id, monday + 3 * DAY);
    expect(third.body.error.conflicts).toEqual([expect.objectContaining({ reason: 'limit_reached', rule: 'max_per_week', limit: 2 })]);
    expect((await bookAt(api, r.id, monday + 7 * DAY)).status).toBe(200); // the next Monday
  });

  it('counts a booking once however many of its segments hold the resource that day', async () => {
    const api = await t.newAccount();
    const r = await alwaysOpen(api, { booking_rules: { max_per_day: 2 } });
    const day = Date.parse('2027-03-04T09:00:00Z');
    const two = await api.post('/v1/bookings', {
      segments: [
        { resource: r.id, start: iso(day), end: iso(day + 30 * MIN) },
        { resource: r.id, start: iso(day + 60 * MIN), end: iso(day + 90 * MIN) },
      ],
    });
    expect(two.status).toBe(200);
    expect((await bookAt(api, r.id, day + 180 * MIN)).status).toBe(200);
    expect(reasonsOf(await bookAt(api, r.id, day + 240 * MIN))).toEqual(['limit_reached']);
  });

  it('never offers in search a start on a day that is full', async () => {
    const api = await t.newAccount();
    const r = await alwaysOpen(api, { booking_rules: { max_per_day: 1 } });
    const day = Date.parse('2027-03-05T00:00:00Z');
    expect((await bookAt(api, r.id, day + 10 * 60 * MIN)).status).toBe(200);
    const res = await api.post('/v1/availability', {
      from: iso(day),
      to: iso(day + 2 * DAY),
      timezone: 'UTC',
      segments: [{ resource: r.id, duration_minutes: 30 }],
      slot_interval_minutes: 60,
      limit: 1000,
    });
    expect(res.body.slots.every((s: any) => s.start >= '2027-03-06')).toBe(true);
    expect(res.body.slots).toHaveLength(24);
  });
});

describe('where the rules are not checked', () => {
  it('never re-checks them: a flagged booking keeps its rule conflict, and time passing flags nothing', async () => {
    const api = await t.newAccount();
    const r = await alwaysOpen(api, { booking_rules: { min_notice_minutes: 600 } });
    const flagged = await bookAt(api, r.id, NOW + 60 * MIN, { conflict_policy: 'allow' });
    const clean = await bookAt(api, r.id, NOW + DAY);
    expect(clean.body.conflicted).toBe(false);
    t.clock.set(NOW + DAY - 60 * MIN); // now the clean booking is "too soon"
    try {
      // A change of facts re-checks the resource's future bookings.
      await api.post(`/v1/resources/${r.id}`, { capacity: 2 });
      expect((await api.get(`/v1/bookings/${clean.body.id}`)).body.conflicted).toBe(false);
      expect((await api.get(`/v1/bookings/${flagged.body.id}`)).body.conflicts).toMatchObject([{ reason: 'too_soon' }]);
      const events = (await api.get('/v1/events', { type: 'booking.conflict_resolved' })).body.data;
      expect(events).toHaveLength(0);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('lets imports ignore them', async () => {
    const api = await t.newAccount();
    const r = await alwaysOpen(api, { booking_rules: { min_notice_minutes: 600, max_per_day: 1 } });
    const start = NOW + 60 * MIN;
    const res = await api.post('/v1/bookings/import', {
      bookings: [0, 1].map((i) => ({ segments: [{ resource: r.id, start: iso(start + i * 60 * MIN), end: iso(start + i * 60 * MIN + 30 * MIN) }] })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((b: any) => b.conflicted)).toEqual([false, false]);
  });

  it('lets series occurrences apply the caps only: notice and advance do not skip them, a full day does', async () => {
    const api = await t.newAccount();
    const r = await alwaysOpen(api, { booking_rules: { min_notice_minutes: 525600, max_advance_days: 1, max_per_week: 2 } });
    const res = await api.post('/v1/series', {
      rrule: 'FREQ=DAILY;COUNT=7',
      start_date: '2027-03-08',
      start_time: '10:00',
      timezone: 'UTC',
      template: { segments: [{ resource: r.id, duration_minutes: 30 }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const booked = (await api.get('/v1/bookings', { resource: r.id, limit: 100 })).body.data;
    expect(booked).toHaveLength(2);
    const skipped = (await api.get(`/v1/series/${res.body.id}/skipped_occurrences`)).body.data;
    expect(skipped).toHaveLength(5);
    expect(skipped[0].conflicts).toMatchObject([{ reason: 'limit_reached', rule: 'max_per_week', limit: 2 }]);
  });
});
