/**
 * Property: explain and search agree, on random fixtures (schedules, overrides, blocks,
 * bookings, booking rules, time zones, buffers, pools). At every grid start of a search:
 *  - a start search offers, explain says fits;
 *  - a start it does not offer, explain gives at least one reason;
 *  - the reasons explain gives are the conflicts a booking at that start under `allow` reports.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { setupTestApp, type Client } from '../support/harness.js';
import { DAYS } from './bookings.helpers.js';

const t = await setupTestApp();
// Business time is pinned mid-morning, so that the first grid starts have passed.
const NOW = Date.parse('2027-03-01T10:10:00Z');
t.clock.set(NOW);

const FROM = Date.parse('2027-03-01T00:00:00Z');
const TO = Date.parse('2027-03-03T00:00:00Z');
const HOUR = 3_600_000;
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

const DAY_SHAPES = [
  [{ start: '09:00', end: '17:00' }],
  [
    { start: '08:00', end: '12:00' },
    { start: '13:00', end: '18:00' },
  ],
  [],
  [{ start: '00:00', end: '24:00' }],
];

const resourceArb = fc.record({
  timezone: fc.constantFrom('UTC', 'Europe/Paris', 'America/New_York'),
  capacity: fc.constantFrom(1, 1, 2),
  buffer: fc.constantFrom(0, 0, 15),
  days: fc.array(fc.nat({ max: DAY_SHAPES.length - 1 }), { minLength: 7, maxLength: 7 }),
  override: fc.option(fc.nat({ max: DAY_SHAPES.length - 1 }), { nil: null }),
  rules: fc.record({
    min_notice_minutes: fc.constantFrom(null, 60, 600),
    max_advance_days: fc.constantFrom(null, 1),
    max_per_day: fc.constantFrom(null, 1, 2),
    max_per_week: fc.constantFrom(null, 2),
  }),
});

const fixtureArb = fc.record({
  resources: fc.array(resourceArb, { minLength: 1, maxLength: 2 }),
  blocks: fc.array(fc.record({ on: fc.nat(), hour: fc.integer({ min: 0, max: 47 }), hours: fc.integer({ min: 1, max: 5 }) }), { maxLength: 2 }),
  bookings: fc.array(fc.record({ on: fc.nat(), hour: fc.integer({ min: 0, max: 47 }), hours: fc.integer({ min: 1, max: 2 }) }), { maxLength: 3 }),
  segments: fc.array(
    fc.record({ on: fc.nat(), duration: fc.constantFrom(30, 60, 90), quantity: fc.constantFrom(1, 1, 2), offset: fc.constantFrom(null, null, 0, 30) }),
    { minLength: 1, maxLength: 2 },
  ),
  sample: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
});

type Fixture = typeof fixtureArb extends fc.Arbitrary<infer F> ? F : never;

async function ok(res: Promise<{ status: number; body: any }>) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

async function build(api: Client, f: Fixture): Promise<string[]> {
  const ids: string[] = [];
  for (const r of f.resources) {
    const res = await ok(
      api.post('/v1/resources', {
        name: 'R',
        type: 'room',
        timezone: r.timezone,
        capacity: r.capacity,
        buffer_before_minutes: r.buffer,
        buffer_after_minutes: r.buffer,
        booking_rules: r.rules,
      }),
    );
    const week = Object.fromEntries(DAYS.map((d, i) => [d, DAY_SHAPES[r.days[i]]]));
    await ok(api.post('/v1/schedules', { resource: res.id, effective_from: '2027-01-04', weeks: [week] }));
    if (r.override !== null) await ok(api.post('/v1/schedule_overrides', { resource: res.id, date: '2027-03-02', intervals: DAY_SHAPES[r.override] }));
    ids.push(res.id);
  }
  for (const b of f.blocks) {
    const start = FROM + b.hour * HOUR;
    await ok(api.post('/v1/blocks', { resource: ids[b.on % ids.length], start: iso(start), end: iso(start + b.hours * HOUR) }));
  }
  if (f.bookings.length > 0) {
    // Imports place them anywhere (they ignore the rules and take conflicts under allow).
    await ok(
      api.post('/v1/bookings/import', {
        bookings: f.bookings.map((b) => {
          const start = FROM + b.hour * HOUR;
          return { segments: [{ resource: ids[b.on % ids.length], start: iso(start), end: iso(start + b.hours * HOUR) }] };
        }),
      }),
    );
  }
  return ids;
}

const key = (segment: number, reason: string) => `${segment}:${reason}`;

async function checkAgreement(f: Fixture) {
  const api = await t.newAccount({ timezone: 'UTC' });
  const ids = await build(api, f);
  const segments = f.segments.map((s) => ({
    resource: ids[s.on % ids.length],
    duration_minutes: s.duration,
    quantity: s.quantity,
    ...(s.offset !== null ? { offset_minutes: s.offset } : {}),
  }));
  const search = { from: iso(FROM), to: iso(TO), timezone: 'UTC', segments, slot_interval_minutes: 60, limit: 1000 };
  const found = await ok(api.post('/v1/availability', search));
  const offered = new Set<string>(found.slots.map((s: any) => s.start));

  let starts = 0;
  let span = 0;
  for (const s of f.segments) span = Math.max(span, (s.offset ?? span) + s.duration);
  const grid: number[] = [];
  for (let t0 = FROM; t0 + span * MIN <= TO; t0 += HOUR) grid.push(t0);
  const toBook = new Set(f.sample.map((n) => grid[n % grid.length]));

  for (const start of grid) {
    const explained = await ok(api.post('/v1/availability/explain', { ...search, start: iso(start) }));
    expect(explained.on_grid).toBe(true);
    const reasons = explained.segments.flatMap((s: any, i: number) => s.candidates.flatMap((c: any) => c.reasons.map((r: any) => key(i, r.reason))));
    if (offered.has(iso(start))) {
      expect(explained.fits, `offered at ${iso(start)}`).toBe(true);
      expect(reasons).toEqual([]);
    } else {
      expect(explained.fits, `not offered at ${iso(start)}`).toBe(false);
      expect(reasons.length, `reasons at ${iso(start)}`).toBeGreaterThan(0);
    }
    if (!toBook.has(start)) continue;
    starts++;
    const booking = await api.post('/v1/bookings', {
      conflict_policy: 'allow',
      segments: explained.segments.map((s: any, i: number) => ({ resource: segments[i].resource, start: s.start, end: s.end, quantity: segments[i].quantity })),
    });
    expect(booking.status, JSON.stringify(booking.body)).toBe(200);
    const conflicts = (booking.body.conflicts ?? []).map((c: any) => key(c.segment, c.reason));
    expect(conflicts.sort(), `booking at ${iso(start)}`).toEqual([...reasons].sort());
    await ok(api.post(`/v1/bookings/${booking.body.id}/cancel`));
  }
  expect(starts).toBeGreaterThan(0);
}

describe('explain and search agree', () => {
  it('offered ⇒ fits; not offered ⇒ a reason; those reasons = the conflicts of a booking under allow', async () => {
    await fc.assert(fc.asyncProperty(fixtureArb, checkAgreement), { numRuns: 12, endOnFailure: true });
  }, 600_000);
});
