/**
 * Availability benchmark (docs/performance.md): searches and a calendar against a plain
 * GET /v1/resources/{id} measured in the same run, through the whole HTTP pipeline.
 *
 * - 1 resource × 30 days holding 300 bookings;
 * - 50 candidate resources (a `type`) × 7 days, two thirds of each day booked;
 * - a 62-day calendar of the first resource;
 * - explain of one start, on the same request as the 50-candidate search.
 *
 * Bookings are inserted with SQL: the benchmark measures reading them, not writing them.
 */
import { sql } from 'kysely';
import { benchApp, measure, ok, table, type Timing } from './support.js';
import { TZ, FIRST_DAY, addDays, coachHoldsOf, everyDay, insertBookings, iso, localMs, soloHoldsOf } from './workload.js';

export default async function availabilityBench(): Promise<void> {
  const b = await benchApp(TZ);
  try {
    // 1 resource, open 08:00–20:00, 10 half-hour bookings a day for 30 days.
    const solo = await ok(b.request('POST', '/v1/resources', { name: 'Solo', type: 'solo' }));
    await ok(b.request('POST', '/v1/schedules', { resource: solo.id, effective_from: '2027-01-04', weeks: [everyDay('08:00', '20:00')] }));
    const soloHolds = soloHoldsOf(solo.id);
    await insertBookings(b.db.kysely, b.accountId, soloHolds);

    // 50 coaches, open 09:00–18:00; each hour two thirds of them are booked.
    const coaches: string[] = [];
    for (let i = 0; i < 50; i++) {
      const c = await ok(b.request('POST', '/v1/resources', { name: `Coach ${i}`, type: 'coach' }));
      await ok(b.request('POST', '/v1/schedules', { resource: c.id, effective_from: '2027-01-04', weeks: [everyDay('09:00', '18:00')] }));
      coaches.push(c.id);
    }
    const coachHolds = coachHoldsOf(coaches);
    await insertBookings(b.db.kysely, b.accountId, coachHolds);

    const from = iso(localMs(FIRST_DAY, 0));
    const to30 = iso(localMs(addDays(FIRST_DAY, 30), 0));
    const to7 = iso(localMs(addDays(FIRST_DAY, 7), 0));
    const to62 = iso(localMs(addDays(FIRST_DAY, 62), 0));
    const count = { solo: 0, soloFull: 0, coaches: 0, sequenced: 0, days: 0 };
    const search = async (body: Record<string, unknown>, key: keyof typeof count) => {
      const res = await ok(b.request('POST', '/v1/availability', body));
      count[key] = res.slots.length;
    };

    // Freshly loaded tables have no planner statistics; PostgreSQL's autovacuum gathers them
    // soon after, PGlite has no autovacuum. Show the cost once, then measure with statistics.
    const unanalyzed = await measure('search: 1 resource × 30 days, before ANALYZE', () =>
      search({ from, to: to30, segments: [{ resource: solo.id, duration_minutes: 60 }], limit: 1000 }, 'soloFull'),
      { iterations: 5, warmup: 1 },
    );
    await sql`analyze`.execute(b.db.kysely);

    const rows: Timing[] = [];
    const baseline = await measure(`GET /v1/resources/{id}`, () => ok(b.request('GET', `/v1/resources/${solo.id}`)), { iterations: 200, warmup: 20 });
    rows.push(baseline);
    rows.push(
      await measure('search: 1 resource × 30 days, 300 bookings, first page (limit 100)', () =>
        search({ from, to: to30, segments: [{ resource: solo.id, duration_minutes: 60 }] }, 'solo'),
      ),
    );
    rows.push(
      await measure('search: 1 resource × 30 days, 300 bookings, whole range (limit 1000)', () =>
        search({ from, to: to30, segments: [{ resource: solo.id, duration_minutes: 60 }], limit: 1000 }, 'soloFull'),
      ),
    );
    rows.push(
      await measure('search: 50 candidates (type) × 7 days, 2,100 bookings (limit 1000)', () =>
        search({ from, to: to7, segments: [{ type: 'coach', duration_minutes: 60 }], limit: 1000 }, 'coaches'),
      ),
    );
    rows.push(
      await measure('search: 2 segments (coach then solo) × 7 days (limit 1000)', () =>
        search({ from, to: to7, segments: [{ type: 'coach', duration_minutes: 30 }, { resource: solo.id, duration_minutes: 30 }], limit: 1000 }, 'sequenced'),
      ),
    );
    rows.push(
      await measure('calendar: 1 resource × 62 days, 300 bookings', async () => {
        const res = await ok(b.request('GET', `/v1/availability/calendar?resource=${solo.id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to62)}`));
        count.days = res.days.length;
      }),
    );
    // Explain beside search, on the very request the search above answered (docs/availability.md#explain).
    const coachSearch = { from, to: to7, segments: [{ type: 'coach', duration_minutes: 60 }], limit: 1000 };
    const explainStart = iso(localMs(addDays(FIRST_DAY, 3), 10 * 60));
    const explained = await measure('explain: the 50-candidate search above, one start', () =>
      ok(b.request('POST', '/v1/availability/explain', { ...coachSearch, start: explainStart })),
    );
    explained.note = 'same request body as the 50-candidate search, plus start';
    rows.push(explained);
    rows[1].note = `${count.solo} slots`;
    rows[2].note = `${count.soloFull} slots`;
    rows[3].note = `${count.coaches} slots`;
    rows[4].note = `${count.sequenced} slots`;
    rows[5].note = `${count.days} days`;
    unanalyzed.note = 'no planner statistics yet (see docs/performance.md)';
    rows.push(unanalyzed);
    console.log(table(rows, baseline));
  } finally {
    await b.close();
  }
}
