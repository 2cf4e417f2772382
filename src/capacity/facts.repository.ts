import { sql, type RawBuilder } from 'kysely';
import type { DbHandle } from '../db/transaction.js';
import { anyOf } from './bookings.repository.js';
import { heldCapacityOverlapping, heldRange, heldSegmentsOverlapping, holdsCapacity, segmentHoldsCapacity, type HeldRange } from './holds.repository.js';
import { blockRange, blocksOverlapping, type BlockRange } from './block-facts.repository.js';
import { shapedStatement } from '../db/shaped-statement.js';
import { planOnce } from '../db/plan-once.js';
import type { AccountScope } from '../tenancy/index.js';
import type { BlockFacts, BookedStart, HolidayFacts, HoldFacts, OverrideFacts, ResourceFacts, ScheduleFacts, WeekMap } from '../core/availability/types.js';
import type { Interval } from '../core/time/types.js';
import { hasCaps } from '../core/availability/rules.js';
import { MONTH_USAGE_PAD_MS, USAGE_PAD_MS } from '../core/availability/usage.js';
import { rulesInForce } from './booking-rules.js';
import type { BookingRulesRow, HolidaysRow, ResourceHolidaysRow } from '../db/schema.js';
import { holidaysInForce } from './holidays.js';
import { holidayDays } from '../lib/holidays.js';
import { addDays, instantToLocalDate } from '../core/time/wall-time.js';

/** Everything the pure core needs to know about one resource over a time range. */
export interface ResourceFactsBundle {
  resource: ResourceFacts;
  schedules: ScheduleFacts[];
  overrides: OverrideFacts[];
  blocks: BlockFacts[];
  holds: HoldFacts[];
  /** Segment starts of holding bookings within a week and a day of the range (caps, `balanced`). */
  starts: BookedStart[];
  /** When a booking holding the resource was last made; loaded for `balanced` and `weighted` only. */
  lastBookedAt: number | null;
  /** The holidays that close its local days around the range (docs/availability.md#holidays). */
  holidays: HolidayFacts[];
}

export interface FactsOptions {
  /** Some segment orders its candidates `balanced`: load every candidate's bookings per day and when it was last booked. */
  balanced?: boolean;
  /** Some segment orders its candidates `weighted`: the same, over the months around the range (its fairness period may be one). */
  weighted?: boolean;
  /**
   * Held time as capacity only (`heldCapacityOverlapping`): the segments held over the same time
   * on a resource as one hold of their summed quantity, without those of `excluding` (the
   * booking a reschedule replaces). For the planners that count quantities (a booking, a
   * series); explain and re-checks, which name or order the bookings, leave it unset.
   */
  heldAsCapacity?: { excluding: readonly string[] };
  /**
   * Held time without the bookings' ids, each resource's as arrays of its own: for the planners
   * that only count it and name no booking (search, the calendar). The ids were a third of the
   * engine's work and of the text read for a 50-candidate week (docs/performance.md, "Held
   * time unnamed"). Not with `heldAsCapacity`.
   */
  unnamed?: boolean;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Epoch milliseconds of a timestamptz, as a JSON number (no date strings to parse).
 * `date_part` answers in double precision, cheaper than `extract`'s numeric; rounding makes it
 * exact to the millisecond for any date the service stores.
 */
const ms = (column: string) => sql`round(date_part('epoch', ${sql.ref(column)}) * 1000)::int8`;

/**
 * The facts of some resources, by id, and their account's time zone (the default zone of a
 * search and a calendar, read in the same statement: docs/performance.md, "Round trips"); null
 * when no statement was needed (no resource asked) or the account is gone.
 */
export class ResourceFactsMap extends Map<string, ResourceFactsBundle> {
  accountTimeZone: string | null = null;
}

interface FactRows {
  account_timezone: string | null;
  account_rules: BookingRulesRow | null;
  account_holidays: HolidaysRow | null;
  resources: {
    id: string;
    capacity: number;
    status: ResourceFacts['status'];
    timezone: string;
    default_location: string | null;
    buffer_before_minutes: number;
    buffer_after_minutes: number;
    booking_rules: BookingRulesRow | null;
    holidays: ResourceHolidaysRow | null;
    assignment_weight: number;
    assignment_priority: number;
  }[];
  schedules: { id: string; resource_id: string; effective_from: string; weeks: WeekMap[] }[];
  overrides: { id: string; resource_id: string; date: string; intervals: OverrideFacts['intervals'] }[];
  blocks: { id: string; resource_id: string | null; location_id: string | null; account_wide: boolean; start: number; end: number }[];
  busy: { feed_id: string; resource_id: string; uid: string; start: number; end: number }[];
  /** Held time by column (one array per field, in the same order), not one object per segment; not when unnamed. */
  holds?: { booking_id: string[]; resource_id: string[]; quantity: number[]; start: number[]; end: number[] };
  /** Held time unnamed: per resource that holds any, its segments' quantities and times by column. */
  held_by_resource?: { resource_id: string; quantity: number[]; start: number[]; end: number[] }[] | null;
}

/** The values of the facts statement, computed before it is built (it only places them). */
interface FactValues {
  account: string;
  ids: string[];
  /** The range's local dates can differ from its UTC dates by up to a day on either side. */
  fromDate: string;
  toDate: string;
  start: Date;
  end: Date;
  blocks: BlockRange;
  held: HeldRange;
  now: Date;
  /** Held as capacity only: the bookings left out. */
  excluding: readonly string[];
}

/**
 * Everything but the caps' counts, in ONE statement: each kind of fact is a JSON array built
 * by its own subquery, every one scoped by the account (so it stays one shard under Citus,
 * docs/scaling.md). One statement instead of seven matters because a booking reads its facts
 * inside its transaction, and on the embedded engine every statement is a round trip through
 * its protocol (docs/performance.md, "Where the floor is"). Times come as epoch milliseconds.
 *
 * Held time, the one fact that grows with the range (a 50-candidate week holds thousands of
 * segments), comes by column: five arrays instead of an object per segment, which the engine
 * builds and JSON.parse reads in well under half the time (docs/performance.md, "Where the
 * floor is"); or unnamed, each resource's as arrays without the bookings' ids (`unnamed`). A
 * held segment counts when its booking holds capacity, asked of the segment's own copies of the
 * booking's status and expires_at (migration 011): a lookup of the booking per segment took
 * four fifths of a 50-candidate week (docs/performance.md, "Held time").
 * The segments come from `heldSegmentsOverlapping`, a lookup bounded at both ends, so a
 * resource's past does not slow it (docs/performance.md, "Held time at scale").
 * Plans still need statistics:
 * PGlite has no autovacuum, so a worker gathers them (docs/performance.md, "Planner
 * statistics"). Its text is written once for each way of reading held time (by segment, as
 * capacity, or unnamed), and then only bound (src/db/shaped-statement.ts).
 */
type HeldShape = 'segments' | 'capacity' | 'unnamed';

const factsStatement = (shape: HeldShape) =>
  shapedStatement<FactValues, FactRows>((v) => {
    const held = shape === 'capacity'
      ? heldCapacityOverlapping(v.account, v.ids, v.held, v.now, v.excluding)
      : heldSegmentsOverlapping(v.account, v.ids, v.held, v.now);
    return sql<FactRows>`
    select
      (select a.timezone from accounts a where a.id = ${v.account}) as account_timezone,
      (select a.booking_rules from accounts a where a.id = ${v.account}) as account_rules,
      (select a.holidays from accounts a where a.id = ${v.account}) as account_holidays,
      (select coalesce(json_agg(json_build_object(
          'id', r.id, 'capacity', r.capacity, 'status', r.status, 'timezone', r.timezone,
          'default_location', r.default_location, 'buffer_before_minutes', r.buffer_before_minutes,
          'buffer_after_minutes', r.buffer_after_minutes, 'booking_rules', r.booking_rules, 'holidays', r.holidays,
          'assignment_weight', r.assignment_weight, 'assignment_priority', r.assignment_priority)), '[]')
        from resources r where r.account_id = ${v.account} and r.id = any(${v.ids}::text[])) as resources,
      (select coalesce(json_agg(json_build_object(
          'id', s.id, 'resource_id', s.resource_id, 'effective_from', s.effective_from, 'weeks', s.weeks)
          order by s.effective_from, s.id), '[]')
        from schedules s where s.account_id = ${v.account} and s.resource_id = any(${v.ids}::text[])) as schedules,
      (select coalesce(json_agg(json_build_object('id', o.id, 'resource_id', o.resource_id, 'date', o.date, 'intervals', o.intervals)), '[]')
        from schedule_overrides o
        where o.account_id = ${v.account} and o.resource_id = any(${v.ids}::text[]) and o.date >= ${v.fromDate} and o.date <= ${v.toDate}) as overrides,
      (select coalesce(json_agg(json_build_object(
          'id', b.id, 'resource_id', b.resource_id, 'location_id', b.location_id, 'account_wide', b.account_wide,
          'start', ${ms('b.start_at')}, 'end', ${ms('b.end_at')})), '[]')
        from (${blocksOverlapping(v.account, v.ids, v.blocks)}) b) as blocks,
      (select coalesce(json_agg(json_build_object(
          'feed_id', f.feed_id, 'resource_id', f.resource_id, 'uid', f.uid, 'start', ${ms('f.start_at')}, 'end', ${ms('f.end_at')})), '[]')
        from calendar_feed_busy f
        where f.account_id = ${v.account} and f.resource_id = any(${v.ids}::text[]) and f.start_at < ${v.end} and f.end_at > ${v.start}) as busy,
      ${shape === 'unnamed' ? heldByResource(held) : heldByColumn(held)}
  `;
  });
const FACTS_BY_HOLDS = { capacity: factsStatement('capacity'), segments: factsStatement('segments'), unnamed: factsStatement('unnamed') };

/** Held time as five columns of arrays, one entry a segment (or a capacity row). */
const heldByColumn = (held: RawBuilder<unknown>) => sql`(select json_build_object(
          'booking_id', coalesce(array_agg(h.booking_id), '{}'), 'resource_id', coalesce(array_agg(h.resource_id), '{}'),
          'quantity', coalesce(array_agg(h.quantity), '{}'),
          'start', coalesce(array_agg(${ms('h.held_start')}), '{}'), 'end', coalesce(array_agg(${ms('h.held_end')}), '{}'))
        from (${held}) h) as holds`;

/** Held time unnamed: one object a resource, its quantities and times as arrays (null: none held). */
const heldByResource = (held: RawBuilder<unknown>) => sql`(select json_agg(json_build_object(
          'resource_id', r.resource_id, 'quantity', r.quantity, 'start', r.start, 'end', r.end))
        from (select h.resource_id, array_agg(h.quantity) as quantity,
                array_agg(${ms('h.held_start')}) as start, array_agg(${ms('h.held_end')}) as end
              from (${held}) h group by h.resource_id) r) as held_by_resource`;

async function loadFactRows(db: DbHandle, account: string, ids: string[], range: Interval, now: Date, options: FactsOptions): Promise<FactRows> {
  const values: FactValues = {
    account,
    ids,
    fromDate: new Date(range.start - 2 * DAY_MS).toISOString().slice(0, 10),
    toDate: new Date(range.end + 2 * DAY_MS).toISOString().slice(0, 10),
    start: new Date(range.start),
    end: new Date(range.end),
    blocks: blockRange(range),
    held: heldRange(range),
    now,
    excluding: options.heldAsCapacity?.excluding ?? [],
  };
  const shape: HeldShape = options.heldAsCapacity ? 'capacity' : options.unnamed ? 'unnamed' : 'segments';
  const result = await FACTS_BY_HOLDS[shape](db, values);
  return result.rows[0];
}

/**
 * Loads the facts of the given resources over `range`: schedules, overrides (±1 day, local
 * dates), blocks of the resources, of their account and of every location, busy time of
 * their calendar feeds, and the held time of bookings that hold capacity (confirmed, or
 * pending and not past expires_at at `now`); then, only where a cap or `balanced` needs them,
 * the bookings per day and when each resource was last booked. Used by availability search,
 * the calendar, booking creation and booking re-checks: one source of facts for one rule.
 */
export async function loadResourceFacts(
  db: DbHandle,
  scope: AccountScope,
  resourceIds: string[],
  range: Interval,
  now: Date,
  options: FactsOptions = {},
): Promise<ResourceFactsMap> {
  const out = new ResourceFactsMap();
  if (resourceIds.length === 0) return out;
  const facts = await loadFactRows(db, scope.accountId, [...new Set(resourceIds)], range, now, options);
  out.accountTimeZone = facts.account_timezone;
  if (facts.resources.length === 0) return out;
  const ids = facts.resources.map((r) => r.id);
  const rules = new Map(facts.resources.map((r) => [r.id, rulesInForce(facts.account_rules, r.booking_rules)]));
  // Bookings per day are read only where a cap, `balanced` or `weighted` needs them.
  const ordered = options.balanced || options.weighted;
  const counted = ordered ? ids : ids.filter((id) => hasCaps(rules.get(id)!));
  const pad = options.weighted ? MONTH_USAGE_PAD_MS : USAGE_PAD_MS;
  const [starts, last, holidays] = await Promise.all([
    loadStarts(db, scope, counted, { start: range.start - pad, end: range.end + pad }, now),
    ordered ? lastBooked(db, scope, ids, now) : new Map<string, number>(),
    holidaysOf(facts, range),
  ]);

  for (const r of facts.resources) {
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
        assignmentWeight: r.assignment_weight,
        assignmentPriority: r.assignment_priority,
      },
      schedules: [],
      overrides: [],
      blocks: [],
      holds: [],
      starts: [],
      lastBookedAt: last.get(r.id) ?? null,
      holidays: holidays.get(r.id) ?? [],
    });
  }
  for (const s of facts.schedules) {
    out.get(s.resource_id)?.schedules.push({ id: s.id, effectiveFrom: s.effective_from, weeks: s.weeks });
  }
  for (const o of facts.overrides) out.get(o.resource_id)?.overrides.push({ id: o.id, date: o.date, intervals: o.intervals });
  for (const s of starts) out.get(s.resource_id)?.starts.push({ bookingId: s.booking_id, start: s.start, bookedAt: s.bookedAt });
  for (const b of facts.blocks) {
    const block: BlockFacts = { id: b.id, resource: b.resource_id, location: b.location_id, accountWide: b.account_wide, start: b.start, end: b.end };
    // Account-wide and location blocks can touch every resource; the core sorts out which.
    if (b.resource_id) out.get(b.resource_id)?.blocks.push(block);
    else for (const bundle of out.values()) bundle.blocks.push(block);
  }
  for (const b of facts.busy) {
    out.get(b.resource_id)?.blocks.push({
      id: `${b.feed_id}:${b.uid}`,
      resource: b.resource_id,
      location: null,
      accountWide: false,
      start: b.start,
      end: b.end,
      feed: { id: b.feed_id, uid: b.uid },
    });
  }
  const held = facts.holds;
  if (held) {
    for (let i = 0; i < held.booking_id.length; i++) {
      const resource = held.resource_id[i];
      out.get(resource)?.holds.push({ bookingId: held.booking_id[i], resource, quantity: held.quantity[i], start: held.start[i], end: held.end[i] });
    }
  }
  for (const r of facts.held_by_resource ?? []) {
    const holds = out.get(r.resource_id)?.holds;
    if (!holds) continue;
    for (let i = 0; i < r.quantity.length; i++) holds.push({ bookingId: null, resource: r.resource_id, quantity: r.quantity[i], start: r.start[i], end: r.end[i] });
  }
  return out;
}

/**
 * Per resource, the holidays of its local days over the range (a day more on each side, as
 * working time walks them): its own `holidays` setting, else the account's; none when off.
 * Days are local dates in the resource's own zone, whatever the account's zone or country.
 */
async function holidaysOf(facts: FactRows, range: Interval): Promise<Map<string, HolidayFacts[]>> {
  const out = new Map<string, HolidayFacts[]>();
  for (const r of facts.resources) {
    const source = holidaysInForce(facts.account_holidays, r.holidays);
    if (!source) continue;
    const from = addDays(instantToLocalDate(range.start, r.timezone), -1);
    const to = addDays(instantToLocalDate(range.end, r.timezone), 1);
    const days = await holidayDays(source, from, to);
    out.set(r.id, days.map((d) => ({ date: d.date, name: d.name, rule: d.rule, type: d.type })));
  }
  return out;
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
    .modifyFront(planOnce)
    .select(['booking_id', 'resource_id', 'start_at'])
    .where('account_id', '=', scope.accountId)
    .where('resource_id', 'in', ids)
    .where('held_start', '>=', new Date(range.start - DAY_MS))
    .where('held_start', '<', new Date(range.end))
    // The held-time index holds only segments that may hold capacity (migration 029).
    .where(segmentHoldsCapacity('booking_segments', now))
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

/**
 * Per resource, when the latest booking that still holds it was made (`balanced`: least
 * recently booked first). Booking ids are time-ordered (src/lib/ids.ts), so each resource's
 * latest is the first of its holding segments read newest first by their own index
 * (booking_segments_holding_by_booking, migration 032): one index entry a resource, whether its
 * past bookings still hold it or were all completed, not its whole history (docs/performance.md,
 * "Held time at scale"). One statement pinned to the account.
 */
async function lastBooked(db: DbHandle, scope: AccountScope, ids: string[], now: Date): Promise<Map<string, number>> {
  const { rows } = await lastBookedLookup(scope.accountId, ids, now).execute(db);
  return new Map(rows.filter((r) => r.last !== null).map((r) => [r.resource_id, new Date(r.last!).getTime()]));
}

/**
 * The statement of `lastBooked` (exported for the test that reads its plan). `s.position >= 0`,
 * true of every segment, is the index's own clause (migration 032): only this walk states it, so
 * only this walk reads that index.
 */
export function lastBookedLookup(accountId: string, ids: readonly string[], now: Date) {
  return sql<{ resource_id: string; last: Date | null }>`
    select r.id as resource_id,
      (select b.created_at from bookings b
        where b.account_id = ${accountId}::text
          and b.id = (select s.booking_id from booking_segments s
                      where s.account_id = ${accountId}::text and s.resource_id = r.id and ${segmentHoldsCapacity('s', now)}
                        and s.position >= 0
                      order by s.booking_id desc limit 1)) as last
    from resources r
    where r.account_id = ${accountId}::text and r.id = any(${[...ids]}::text[])`;
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
