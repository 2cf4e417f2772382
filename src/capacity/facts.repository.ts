import { sql } from 'kysely';
import type { DbHandle } from '../db/transaction.js';
import { anyOf, holdingBookingIds } from './bookings.repository.js';
import { holdsCapacity } from './holds.js';
import type { AccountScope } from '../tenancy/index.js';
import type { BlockFacts, BookedStart, HoldFacts, Interval, OverrideFacts, ResourceFacts, ScheduleFacts, WeekMap } from '../core/availability/types.js';
import { hasCaps } from '../core/availability/rules.js';
import { USAGE_PAD_MS } from '../core/availability/usage.js';
import { rulesInForce } from './booking-rules.js';

/** Everything the pure core needs to know about one resource over a time range. */
export interface ResourceFactsBundle {
  resource: ResourceFacts;
  schedules: ScheduleFacts[];
  overrides: OverrideFacts[];
  blocks: BlockFacts[];
  holds: HoldFacts[];
  /** Segment starts of holding bookings within a week and a day of the range (caps, `balanced`). */
  starts: BookedStart[];
  /** When a booking holding the resource was last made; loaded for `balanced` only. */
  lastBookedAt: number | null;
}

export interface FactsOptions {
  /** Some segment orders its candidates `balanced`: load every candidate's bookings per day and when it was last booked. */
  balanced?: boolean;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Loads, in a handful of queries (never one per resource), the facts of the given resources
 * over `range`: schedules, overrides (±1 day, local dates), blocks of the resources, of
 * their account and of every location, busy time of their calendar feeds, and the held time of bookings that hold capacity
 * (confirmed, or pending and not past expires_at at `now`). Used by availability search,
 * the calendar, booking creation and booking re-checks: one source of facts for one rule.
 */
export async function loadResourceFacts(
  db: DbHandle,
  scope: AccountScope,
  resourceIds: string[],
  range: Interval,
  now: Date,
  options: FactsOptions = {},
): Promise<Map<string, ResourceFactsBundle>> {
  const out = new Map<string, ResourceFactsBundle>();
  if (resourceIds.length === 0) return out;
  const account = scope.accountId;
  const [resources, accountRules] = await Promise.all([
    db.selectFrom('resources').selectAll().where('account_id', '=', account).where('id', 'in', resourceIds).execute(),
    db.selectFrom('accounts').select('booking_rules').where('id', '=', account).executeTakeFirst(),
  ]);
  if (resources.length === 0) return out;
  const ids = resources.map((r) => r.id);
  const rules = new Map(resources.map((r) => [r.id, rulesInForce(accountRules?.booking_rules, r.booking_rules)]));
  // Bookings per day are read only where a cap or `balanced` needs them.
  const counted = options.balanced ? ids : ids.filter((id) => hasCaps(rules.get(id)!));
  // Local dates can differ from UTC dates by up to a day on either side.
  const fromDate = new Date(range.start - 2 * DAY_MS).toISOString().slice(0, 10);
  const toDate = new Date(range.end + 2 * DAY_MS).toISOString().slice(0, 10);
  const start = new Date(range.start);
  const end = new Date(range.end);

  const [schedules, overrides, blocks, holds, busy, starts, last] = await Promise.all([
    db
      .selectFrom('schedules')
      .select(['id', 'resource_id', 'effective_from', 'weeks'])
      .where('account_id', '=', account)
      .where('resource_id', 'in', ids)
      .orderBy('effective_from')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('schedule_overrides')
      .select(['id', 'resource_id', 'date', 'intervals'])
      .where('account_id', '=', account)
      .where('resource_id', 'in', ids)
      .where('date', '>=', fromDate)
      .where('date', '<=', toDate)
      .execute(),
    db
      .selectFrom('blocks')
      .select(['id', 'resource_id', 'location_id', 'account_wide', 'start_at', 'end_at'])
      .where('account_id', '=', account)
      .where('start_at', '<', end)
      .where('end_at', '>', start)
      .where((eb) => eb.or([eb('resource_id', 'in', ids), eb('resource_id', 'is', null)]))
      .execute(),
    loadHolds(db, scope, ids, start, end, now),
    // Busy time of subscribed calendar feeds counts as blocks of their resource (docs/calendar-feeds.md).
    db
      .selectFrom('calendar_feed_busy')
      .select(['feed_id', 'resource_id', 'start_at', 'end_at', 'uid'])
      .where('account_id', '=', account)
      .where('resource_id', 'in', ids)
      .where('start_at', '<', end)
      .where('end_at', '>', start)
      .execute(),
    loadStarts(db, scope, counted, { start: range.start - USAGE_PAD_MS, end: range.end + USAGE_PAD_MS }, now),
    options.balanced ? lastBooked(db, scope, ids, now) : new Map<string, number>(),
  ]);

  for (const r of resources) {
    out.set(r.id, {
      resource: {
        id: r.id,
        capacity: r.capacity,
        status: r.status,
        timezone: r.timezone,
        defaultLocation: r.default_location,
        bufferBeforeMinutes: r.buffer_before_minutes,
        bufferAfterMinutes: r.buffer_after_minutes,
        rules: rules.get(r.id)!,
      },
      schedules: [],
      overrides: [],
      blocks: [],
      holds: [],
      starts: [],
      lastBookedAt: last.get(r.id) ?? null,
    });
  }
  for (const s of schedules) {
    out.get(s.resource_id)?.schedules.push({ id: s.id, effectiveFrom: s.effective_from, weeks: s.weeks as WeekMap[] });
  }
  for (const o of overrides) out.get(o.resource_id)?.overrides.push({ id: o.id, date: o.date, intervals: o.intervals });
  for (const s of starts) out.get(s.resource_id)?.starts.push({ bookingId: s.booking_id, start: s.start, bookedAt: s.bookedAt });
  for (const b of blocks) {
    const facts: BlockFacts = {
      id: b.id,
      resource: b.resource_id,
      location: b.location_id,
      accountWide: b.account_wide,
      start: b.start_at.getTime(),
      end: b.end_at.getTime(),
    };
    // Account-wide and location blocks can touch every resource; the core sorts out which.
    if (b.resource_id) out.get(b.resource_id)?.blocks.push(facts);
    else for (const bundle of out.values()) bundle.blocks.push(facts);
  }
  for (const b of busy) {
    out.get(b.resource_id)?.blocks.push({
      id: `${b.feed_id}:${b.uid}`,
      resource: b.resource_id,
      location: null,
      accountWide: false,
      start: b.start_at.getTime(),
      end: b.end_at.getTime(),
      feed: { id: b.feed_id, uid: b.uid },
    });
  }
  for (const h of holds) {
    out.get(h.resource_id)?.holds.push({
      bookingId: h.booking_id,
      resource: h.resource_id,
      quantity: h.quantity,
      start: h.held_start.getTime(),
      end: h.held_end.getTime(),
    });
  }
  return out;
}

/**
 * Held time of bookings that hold capacity: segments overlapping the range, then the
 * bookings' states by primary key. Two indexed lookups instead of a join on purpose: a
 * freshly written table has no planner statistics (PGlite has no autovacuum), and the
 * planner then nests the join into a scan of every booking of the account per segment,
 * quadratic in the bookings held (about 50 ms for 300 instead of 2; see docs/performance.md).
 */
async function loadHolds(db: DbHandle, scope: AccountScope, ids: string[], start: Date, end: Date, now: Date) {
  const segments = await db
    .selectFrom('booking_segments')
    .select(['booking_id', 'resource_id', 'held_start', 'held_end', 'quantity'])
    .where('account_id', '=', scope.accountId)
    .where('resource_id', 'in', ids)
    .where('held_start', '<', end)
    .where('held_end', '>', start)
    .execute();
  if (segments.length === 0) return segments;
  // One array parameter, not one parameter per id: a busy range can hold tens of thousands.
  const holding = await holdingBookingIds(db, scope, [...new Set(segments.map((s) => s.booking_id))], now);
  return segments.filter((s) => holding.has(s.booking_id));
}

/**
 * Segment starts in `range` of bookings holding capacity, with when each booking was made:
 * what the caps count (docs/bookings.md#booking-rules). Found through the held-time index: a
 * segment's start lies at most a day (the largest buffer) after its held start.
 */
async function loadStarts(db: DbHandle, scope: AccountScope, ids: string[], range: Interval, now: Date) {
  if (ids.length === 0) return [];
  const segments = await db
    .selectFrom('booking_segments')
    .select(['booking_id', 'resource_id', 'start_at'])
    .where('account_id', '=', scope.accountId)
    .where('resource_id', 'in', ids)
    .where('held_start', '>=', new Date(range.start - DAY_MS))
    .where('held_start', '<', new Date(range.end))
    .execute();
  const inRange = segments.filter((s) => s.start_at.getTime() >= range.start && s.start_at.getTime() < range.end);
  if (inRange.length === 0) return [];
  const bookings = await db
    .selectFrom('bookings')
    .select(['id', 'created_at'])
    .where('account_id', '=', scope.accountId)
    .where(anyOf('id', [...new Set(inRange.map((s) => s.booking_id))]))
    .where(holdsCapacity(null, now))
    .execute();
  const madeAt = new Map(bookings.map((b) => [b.id, b.created_at.getTime()]));
  return inRange
    .filter((s) => madeAt.has(s.booking_id))
    .map((s) => ({ booking_id: s.booking_id, resource_id: s.resource_id, start: s.start_at.getTime(), bookedAt: madeAt.get(s.booking_id)! }));
}

/** Per resource, when the latest booking that still holds it was made (`balanced`: least recently booked first). */
async function lastBooked(db: DbHandle, scope: AccountScope, ids: string[], now: Date): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('booking_segments as s')
    .innerJoin('bookings as b', (j) => j.onRef('b.account_id', '=', 's.account_id').onRef('b.id', '=', 's.booking_id'))
    .select(['s.resource_id', sql<Date>`max(b.created_at)`.as('last')])
    .where('s.account_id', '=', scope.accountId)
    .where('s.resource_id', 'in', ids)
    .where(holdsCapacity('b', now))
    .groupBy('s.resource_id')
    .execute();
  return new Map(rows.map((r) => [r.resource_id, new Date(r.last).getTime()]));
}

/** Active resources of a type, in creation order: the candidates of a `type` segment. */
export async function resourceIdsOfType(db: DbHandle, scope: AccountScope, type: string): Promise<string[]> {
  const rows = await db
    .selectFrom('resources')
    .select('id')
    .where('account_id', '=', scope.accountId)
    .where('type', '=', type)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Every resource of the account (a re-check of 'all'). */
export async function allResourceIds(db: DbHandle, scope: AccountScope): Promise<string[]> {
  const rows = await db.selectFrom('resources').select('id').where('account_id', '=', scope.accountId).execute();
  return rows.map((r) => r.id);
}
