/**
 * Property: explain and search agree, on random fixtures (schedules, overrides, blocks,
 * bookings, booking rules, public holidays, weights and priorities, a returning customer's previous
 * resource, time zones, buffers, pools). At every grid start of a search:
 *  - a start search offers, explain says fits;
 *  - a start it does not offer, explain gives at least one reason;
 *  - the reasons explain gives are the conflicts a booking at that start under `allow` reports.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { setupTestApp, type Client, expectOk as ok } from '../support/harness.js';
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
  // An override on a holiday's date wins over it.
  overrideDate: fc.constantFrom('2027-03-01', '2027-03-02'),
  // Public holidays: 1 March in Korea, 3 March in Bulgaria (a local date in the resource's zone,
  // so in Paris the 3rd begins within the range); none; or the account's (none).
  holidays: fc.constantFrom(undefined, null, { country: 'KR' }, { country: 'BG' }),
  weight: fc.constantFrom(1, 2, 5),
  priority: fc.constantFrom(0, 0, 1),
  rules: fc.record({
    min_notice_minutes: fc.constantFrom(null, 60, 600),
    max_advance_days: fc.constantFrom(null, 1),
    max_per_day: fc.constantFrom(null, 1, 2),
    max_per_week: fc.constantFrom(null, 2),
  }),
});

const fixtureArb = fc.record({
  resources: fc.array(resourceArb, { minLength: 1, maxLength: 3 }),
  order: fc.constantFrom('listed', 'balanced', 'weighted'),
  period: fc.constantFrom('day', 'week', 'month'),
  blocks: fc.array(fc.record({ on: fc.nat(), hour: fc.integer({ min: 0, max: 47 }), hours: fc.integer({ min: 1, max: 5 }) }), { maxLength: 2 }),
  bookings: fc.array(fc.record({ on: fc.nat(), hour: fc.integer({ min: 0, max: 47 }), hours: fc.integer({ min: 1, max: 2 }) }), { maxLength: 3 }),
  segments: fc.array(
    fc.record({ on: fc.nat(), duration: fc.constantFrom(30, 60, 90), quantity: fc.constantFrom(1, 1, 2), offset: fc.constantFrom(null, null, 0, 30) }),
    { minLength: 1, maxLength: 2 },
  ),
  sample: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
  // A returning customer (prefer_previous_resource): their earlier booking, on which candidate
  // and in which status (a cancelled one does not count); or no history; or not asked.
  returning: fc.option(
    fc.record({ history: fc.option(fc.record({ on: fc.nat(), status: fc.constantFrom('completed', 'confirmed', 'cancelled') }), { nil: null }) }),
    { nil: null },
  ),
});

type Fixture = typeof fixtureArb extends fc.Arbitrary<infer F> ? F : never;

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
        ...(r.holidays === undefined ? {} : { holidays: r.holidays }),
        assignment_weight: r.weight,
        assignment_priority: r.priority,
      }),
    );
    const week = Object.fromEntries(DAYS.map((d, i) => [d, DAY_SHAPES[r.days[i]]]));
    await ok(api.post('/v1/schedules', { resource: res.id, effective_from: '2027-01-04', weeks: [week] }));
    if (r.override !== null) await ok(api.post('/v1/schedule_overrides', { resource: res.id, date: r.overrideDate, intervals: DAY_SHAPES[r.override] }));
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

/**
 * With every resource a candidate of one segment, in every candidate order: search offers a
 * start exactly when explain says it fits, names the same candidate as explain, and a booking
 * made then gets exactly that candidate.
 */
async function checkCandidates(f: Fixture) {
  const api = await t.newAccount({ timezone: 'UTC' });
  const ids = await build(api, f);
  const order = { candidate_order: f.order, ...(f.order === 'weighted' ? { fairness_period: f.period } : {}) };
  const customer = 'cus_returning';
  if (f.returning?.history) {
    // A week before the range, wherever it falls (imports place it under allow).
    const start = FROM - 7 * 24 * HOUR + 10 * HOUR;
    const resource = ids[f.returning.history.on % ids.length];
    await ok(api.post('/v1/bookings/import', { bookings: [{ segments: [{ resource, start: iso(start), end: iso(start + HOUR) }], status: f.returning.history.status, customer: { reference: customer } }] }));
  }
  const returning = f.returning ? { prefer_previous_resource: true, customer_reference: customer } : {};
  const search = { from: iso(FROM), to: iso(TO), timezone: 'UTC', segments: [{ resources: ids, duration_minutes: 60, ...order }], slot_interval_minutes: 60, limit: 1000, ...returning };
  const booked = f.returning ? { customer: { reference: customer }, prefer_previous_resource: true } : {};
  const found = await ok(api.post('/v1/availability', search));
  const offered = new Map<string, string>(found.slots.map((s: any) => [s.start, s.segments[0].resource]));
  const toBook = new Set(f.sample.map((n) => n % 48));
  for (let i = 0; i < 48; i++) {
    const start = FROM + i * HOUR;
    const explained = await ok(api.post('/v1/availability/explain', { ...search, start: iso(start) }));
    expect(explained.fits, `at ${iso(start)}`).toBe(offered.has(iso(start)));
    const previous = explained.segments[0].previous_resource;
    if (!f.returning) expect(previous).toBeNull();
    else if (previous.outcome === 'preferred') expect(explained.segments[0].resource, `previous resource at ${iso(start)}`).toBe(previous.resource);
    else if (previous.outcome === 'unavailable') expect(explained.segments[0].candidates[0]).toMatchObject({ resource: previous.resource, fits: false });
    else if (f.returning.history?.status === 'cancelled') expect(previous.outcome).toBe('no_history');
    if (!explained.fits) continue;
    expect(explained.segments[0].resource, `candidate at ${iso(start)}`).toBe(offered.get(iso(start)));
    if (!toBook.has(i)) continue;
    const booking = await ok(api.post('/v1/bookings', { segments: [{ resources: ids, start: iso(start), end: iso(start + HOUR), ...order }], ...booked }));
    expect(booking.segments[0].resource, `booked at ${iso(start)}`).toBe(offered.get(iso(start)));
    // The booking counts now: search again, so that the next start is weighed with it.
    const again = await ok(api.post('/v1/availability', search));
    offered.clear();
    for (const s of again.slots) offered.set(s.start, s.segments[0].resource);
  }
}

describe('explain and search agree', () => {
  it('offered ⇒ fits; not offered ⇒ a reason; those reasons = the conflicts of a booking under allow', async () => {
    await fc.assert(fc.asyncProperty(fixtureArb, checkAgreement), { numRuns: 12, endOnFailure: true });
  }, 600_000);

  it('in every candidate order, with or without a returning customer, search and explain name the same candidate, and a booking gets exactly it', async () => {
    await fc.assert(fc.asyncProperty(fixtureArb, checkCandidates), { numRuns: 8, endOnFailure: true });
  }, 600_000);
});
