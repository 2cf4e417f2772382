import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { expectError, setupTestApp } from '../support/harness.js';
import { insertBusyBookings } from '../support/sql-fixtures.js';
import { futureDay, openResource } from './bookings.helpers.js';
import { latenciesDuring, p99 } from '../support/latency-probes.js';

/**
 * Archiving a resource with 1,200 future bookings of 20 segments each re-checks 24,000
 * segments. The archive commits first; the re-check follows in short pieces, each its own
 * transaction, so another account's GET and /healthz keep answering within the target of
 * docs/limits.md (50 ms p99) on PGlite, where one transaction holds the database for every
 * tenant, and on PostgreSQL. The result is the one a single pass gives.
 *
 * The measurement: each probe runs every few milliseconds during the operation only, many
 * samples, after a warm-up. The bound is the target plus LOAD_FACTOR times the same probe's
 * p99 on the same machine just before, with nothing else of this file running: a loaded
 * machine (CI runs the suite on several databases and Node releases) slows every statement a
 * probe may wait for (a piece, a preview's scope), not only the probe's own. This file runs
 * after the rest of the suite, alone (vitest.config.ts). On an idle machine the bound is about
 * the target itself. Without the pieces, the probes waited for
 * the whole re-check: seconds here (measured before the change: 4.6 s during the archive,
 * 1.1 s during the unarchive preview).
 */
const TARGET_P99_MS = 50;
const LOAD_FACTOR = 5;
const BOOKINGS = 1200;
const SEGMENTS = 20;
/** Every tenth booking overlaps the one before it: on capacity 1 it is over capacity. */
const OVERLAP_EVERY = 10;
const HEAVY = 300_000;

const t = await setupTestApp();
const heavy = await t.newAccount({ name: 'Heavy' });
const light = await t.newAccount({ name: 'Light' });
const lightResource = (await light.post('/v1/resources', { name: 'Quiet room', type: 'room' })).body;

const room = await openResource(heavy, { name: 'Busy room', capacity: 1 }, [{ start: '00:00', end: '24:00' }]);
const ids = await insertBusyBookings(t.db.kysely, {
  accountId: heavy.accountId,
  resourceId: room.id,
  count: BOOKINGS,
  segments: SEGMENTS,
  from: new Date(`${futureDay(3)}T00:00:00Z`),
  overlapEvery: OVERLAP_EVERY,
});
/**
 * Statistics for the rows just written, as a running server has them soon after (PostgreSQL's
 * autovacuum, PGlite's planner-statistics worker): without them a fresh 24,000-row table is
 * planned on guesses (docs/performance.md).
 */
const analyze = () => sql`analyze bookings, booking_segments`.execute(t.db.kysely);
await analyze();
const overlapping = new Set(ids.filter((_, i) => (i + 1) % OVERLAP_EVERY === 0));

const probes: Record<string, () => Promise<void>> = {
  healthz: async () => {
    const r = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(r.statusCode).toBe(200);
  },
  otherAccountGet: async () => {
    const r = await light.get(`/v1/resources/${lightResource.id}`);
    expect(r.status).toBe(200);
  },
};

/**
 * Each probe in three loops at once. A re-check's window of about a second then holds some 150
 * samples where one loop gave 50 to 70, and its p99 is no longer simply the one worst sample: a
 * single pause of the machine failed it once (53 samples, the worst 62.7 ms against a bound of
 * 54.7). A re-check that held the database for its whole length still fails it: every loop waits
 * for it, and the window holds three samples, all of that length.
 */
const PROBE_LOOPS = 3;

/** Each probe's latencies (ms), one every few milliseconds in each loop, until `until` settles. */
async function sample(until: Promise<unknown>): Promise<Record<string, number[]>> {
  return (await latenciesDuring(() => until.catch(() => {}), probes, { loops: PROBE_LOOPS })).samples;
}

/**
 * A short request (a preview: tens to hundreds of milliseconds) is sent again and again for at
 * least this long, so that its window holds a few hundred samples and its p99 is not simply
 * the one worst sample: a single pause of the machine (another test file, a collection) is not
 * what this file is about, a re-check that holds other tenants for its whole length is.
 */
const SHORT_WORK_WINDOW_MS = 1_500;

/** `work` again and again until `ms` have passed (once at least). */
async function repeatedFor(ms: number, work: () => Promise<void>): Promise<void> {
  const until = performance.now() + ms;
  do await work();
  while (performance.now() < until);
}

/**
 * Runs `work` while sampling the probes (a short one repeated for SHORT_WORK_WINDOW_MS);
 * checks each probe's p99 against the target plus the idle baseline.
 */
async function expectFastProbesDuring(what: string, work: () => Promise<void>, { short = false } = {}): Promise<void> {
  await sample(new Promise((r) => setTimeout(r, 200))); // warm-up, not counted
  const idle = await sample(new Promise((r) => setTimeout(r, 500)));
  const started = performance.now();
  const running = short ? repeatedFor(SHORT_WORK_WINDOW_MS, work) : work();
  const during = await sample(running);
  await running;
  const workMs = performance.now() - started;
  for (const name of Object.keys(probes)) {
    const baseline = p99(idle[name]);
    const worst = p99(during[name]);
    console.log(`${what} ${workMs.toFixed(0)} ms; ${name}: ${during[name].length} samples, p99 ${worst.toFixed(1)} ms (idle p99 ${baseline.toFixed(1)} ms)`);
    expect(during[name].length, `${name}: too few samples while the ${what} ran`).toBeGreaterThan(0);
    expect(worst, `${name} p99 while the ${what} ran ${workMs.toFixed(0)} ms`).toBeLessThan(TARGET_P99_MS + LOAD_FACTOR * baseline);
  }
}

async function flagged(): Promise<Map<string, string[]>> {
  const rows = await t.db.kysely
    .selectFrom('bookings')
    .select(['id', 'conflicts'])
    .where('account_id', '=', heavy.accountId)
    .where('conflicted', '=', true)
    .execute();
  return new Map(rows.map((r) => [r.id, (r.conflicts as { segment: number; reason: string }[]).map((c) => `${c.segment}:${c.reason}`).sort()]));
}

/** The bookings of the busy room that have an event of `type`, once per event. */
async function eventsOf(type: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select object->>'id' as id from events where account_id = ${heavy.accountId} and type = ${type}`.execute(t.db.kysely);
  const mine = new Set(ids);
  return rows.map((r) => r.id).filter((id) => mine.has(id)).sort();
}

const allSegments = (reason: string) => Array.from({ length: SEGMENTS }, (_, s) => `${s}:${reason}`);

/**
 * Runs the four requests once on a small resource, unmeasured: a running server has run these
 * statements and code paths before (prepared on PGlite, compiled by V8); the first run of each
 * costs several times its steady price, and this measures the steady one.
 */
async function warmUp(): Promise<void> {
  const small = await openResource(heavy, { name: 'Warm-up room', capacity: 1 }, [{ start: '00:00', end: '24:00' }]);
  await insertBusyBookings(t.db.kysely, { accountId: heavy.accountId, resourceId: small.id, count: 5, segments: SEGMENTS, from: new Date(`${futureDay(300)}T00:00:00Z`) });
  for (const action of ['archive', 'unarchive']) {
    expect((await heavy.post('/v1/conflict_previews', { method: 'POST', path: `/v1/resources/${small.id}/${action}` })).status).toBe(200);
    expect((await heavy.post(`/v1/resources/${small.id}/${action}`)).status).toBe(200);
  }
}

describe(`a resource with ${BOOKINGS} future bookings of ${SEGMENTS} segments`, () => {
  it('is archived, previewed and unarchived while another account’s GET and /healthz stay within the target', async () => {
    await warmUp();
    // Over the preview budget: refused after one count that stops past the budget, before
    // anything is read or planned.
    await expectFastProbesDuring('archive preview', async () => {
      const res = await heavy.post('/v1/conflict_previews', { method: 'POST', path: `/v1/resources/${room.id}/archive` });
      expect(expectError(res, 400, 'parameter_invalid', null).message).toMatch(/re-check of \d+ future bookings with 1001 segments, counted up to the limit/);
    }, { short: true });

    await expectFastProbesDuring('archive', async () => {
      const res = await heavy.post(`/v1/resources/${room.id}/archive`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    // By the time the archive answers, every flag is set: all segments archived, and the
    // overlapping bookings over capacity too; one booking.conflicted each.
    const archived = await flagged();
    expect(archived.size).toBe(BOOKINGS);
    for (const id of ids) {
      const expected = [...allSegments('resource_archived'), ...(overlapping.has(id) ? ['0:capacity_exceeded'] : [])].sort();
      expect(archived.get(id), id).toEqual(expected);
    }
    expect(await eventsOf('booking.conflicted')).toEqual([...ids].sort());

    await expectFastProbesDuring('unarchive preview', async () => {
      const res = await heavy.post('/v1/conflict_previews', { method: 'POST', path: `/v1/resources/${room.id}/unarchive` });
      expectError(res, 400, 'parameter_invalid', null);
    }, { short: true });

    await expectFastProbesDuring('unarchive', async () => {
      const res = await heavy.post(`/v1/resources/${room.id}/unarchive`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    // Only the overlapping bookings stay flagged, over capacity; every booking lost a reason.
    const unarchived = await flagged();
    expect([...unarchived.keys()].sort()).toEqual([...overlapping].sort());
    for (const id of overlapping) expect(unarchived.get(id)).toEqual(['0:capacity_exceeded']);
    expect(await eventsOf('booking.conflict_resolved')).toEqual([...ids].sort());
    expect(await eventsOf('booking.conflicted')).toHaveLength(BOOKINGS);
  }, HEAVY);

  it('refuses a booking on the archived resource while its re-check is still running', async () => {
    const other = await openResource(heavy, { name: 'Second busy room', capacity: 1 }, [{ start: '00:00', end: '24:00' }]);
    await insertBusyBookings(t.db.kysely, { accountId: heavy.accountId, resourceId: other.id, count: 300, segments: SEGMENTS, from: new Date(`${futureDay(200)}T00:00:00Z`) });
    await analyze();
    const archiving = heavy.post(`/v1/resources/${other.id}/archive`);
    // Wait until the archive has committed (the resource reads archived) but its pieces run.
    for (;;) {
      const r = await heavy.get(`/v1/resources/${other.id}`);
      if (r.body.status === 'archived') break;
      await new Promise((r) => setImmediate(r));
    }
    const unflagged = await t.db.kysely
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', heavy.accountId)
      .where('conflicted', '=', false)
      .where('start_at', '>=', new Date(`${futureDay(200)}T00:00:00Z`))
      .executeTakeFirstOrThrow();
    const day = futureDay(400);
    const res = await heavy.post('/v1/bookings', {
      conflict_policy: 'allow',
      segments: [{ resource: other.id, start: `${day}T10:00:00Z`, end: `${day}T11:00:00Z` }],
    });
    const error = expectError(res, 409, 'booking_conflict', null);
    expect(JSON.stringify(error)).toMatch(/resource_archived/);
    expect((await archiving).status).toBe(200);
    // The pieces were still running when the booking was refused (the window this test is about).
    expect(Number(unflagged.n)).toBeGreaterThan(0);
  }, HEAVY);
});
