import type { DbHandle } from '../db/transaction.js';
import { holdingBookingIds } from './bookings.repository.js';
import type { AccountScope } from '../tenancy/index.js';
import type { BlockFacts, HoldFacts, Interval, OverrideFacts, ResourceFacts, ScheduleFacts, WeekMap } from '../core/availability/types.js';

/** Everything the pure core needs to know about one resource over a time range. */
export interface ResourceFactsBundle {
  resource: ResourceFacts;
  schedules: ScheduleFacts[];
  overrides: OverrideFacts[];
  blocks: BlockFacts[];
  holds: HoldFacts[];
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
): Promise<Map<string, ResourceFactsBundle>> {
  const out = new Map<string, ResourceFactsBundle>();
  if (resourceIds.length === 0) return out;
  const account = scope.accountId;
  const resources = await db.selectFrom('resources').selectAll().where('account_id', '=', account).where('id', 'in', resourceIds).execute();
  if (resources.length === 0) return out;
  const ids = resources.map((r) => r.id);
  // Local dates can differ from UTC dates by up to a day on either side.
  const fromDate = new Date(range.start - 2 * DAY_MS).toISOString().slice(0, 10);
  const toDate = new Date(range.end + 2 * DAY_MS).toISOString().slice(0, 10);
  const start = new Date(range.start);
  const end = new Date(range.end);

  const [schedules, overrides, blocks, holds, busy] = await Promise.all([
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
      .select(['resource_id', 'date', 'intervals'])
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
      },
      schedules: [],
      overrides: [],
      blocks: [],
      holds: [],
    });
  }
  for (const s of schedules) {
    out.get(s.resource_id)?.schedules.push({ id: s.id, effectiveFrom: s.effective_from, weeks: s.weeks as WeekMap[] });
  }
  for (const o of overrides) out.get(o.resource_id)?.overrides.push({ date: o.date, intervals: o.intervals });
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
