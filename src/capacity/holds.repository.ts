/**
 * "Holds capacity", in SQL: the one definition every query uses. The SQL twin of the core's
 * `holdsCapacity` (src/core/bookings/transitions.ts): a booking holds its time while it is
 * confirmed, or pending or requested (waiting for approval, docs/policies.md#approval) and
 * not past its expires_at at `now`. `now` is the clock's time,
 * passed as a parameter (never the database's now()), so a test clock governs it too.
 */
import { sql, type RawBuilder } from 'kysely';
import { planOnce } from '../db/plan-once.js';
import type { DbHandle } from '../db/transaction.js';
import type { AccountScope } from '../tenancy/index.js';

/** Attendee states that take seats besides a live pending one. */
export const SEAT_TAKING = ['confirmed', 'completed', 'no_show'] as const;

const column = (alias: string | null, name: string) => sql.ref(alias ? `${alias}.${name}` : name);

/** Where a row keeps a booking's (or attendee's) status and expires_at. */
interface StatusColumns {
  status: string;
  expires: string;
}
const OWN: StatusColumns = { status: 'status', expires: 'expires_at' };
/** A booking segment's copies of its booking's (migration 011). */
const SEGMENT_COPIES: StatusColumns = { status: 'booking_status', expires: 'booking_expires_at' };

/** The states that hold time until their expires_at: a pending hold, a request awaiting approval. */
type LiveUntilExpiry = 'pending' | 'requested';

/**
 * The statuses in which a booking may hold capacity, written into the statements as literals:
 * the held-time indexes hold only segments in them (migration 029, `where booking_status in
 * ('confirmed', 'pending', 'requested')`), and the planner uses a partial index only where it
 * can prove the statement's condition implies the index's, which a parameter's value never is.
 */
export const HOLDING_STATUSES = ['confirmed', 'pending', 'requested'] as const;

function liveIn(alias: string | null, columns: StatusColumns, now: Date, statuses: readonly LiveUntilExpiry[]): RawBuilder<boolean> {
  const expires = column(alias, columns.expires);
  return sql<boolean>`(${column(alias, columns.status)} in (${sql.join(statuses.map((s) => sql.lit(s)))}) and (${expires} is null or ${expires} > ${now}))`;
}

function pendingAndLiveIn(alias: string | null, columns: StatusColumns, now: Date): RawBuilder<boolean> {
  return liveIn(alias, columns, now, ['pending']);
}

/**
 * Written as the held-time indexes' own condition (the statuses, as literals) and then what
 * narrows it, both at the top level: so the planner sees the index's condition as a clause of
 * the statement. Written as "confirmed, or pending or requested and live", it still proved the
 * index usable, but a plan made without values then judged it dearer than the index of a
 * resource's segments by booking, and read a room's whole history (docs/performance.md, "One
 * plan, kept").
 */
function holdsCapacityIn(alias: string | null, columns: StatusColumns, now: Date): RawBuilder<boolean> {
  const status = column(alias, columns.status);
  const expires = column(alias, columns.expires);
  return sql<boolean>`(${status} in (${sql.join(HOLDING_STATUSES.map((s) => sql.lit(s)))}) and (${status} = 'confirmed' or ${expires} is null or ${expires} > ${now}))`;
}

/** A pending booking or attendee whose hold has not lapsed (no expires_at, or later than now). */
export function pendingAndLive(alias: string | null, now: Date): RawBuilder<boolean> {
  return pendingAndLiveIn(alias, OWN, now);
}

/** A pending booking or attendee past its expires_at: it reads as expired. */
export function pendingAndLapsed(alias: string | null, now: Date): RawBuilder<boolean> {
  return sql<boolean>`(${column(alias, 'status')} = 'pending' and ${column(alias, 'expires_at')} <= ${now})`;
}

/** A requested booking still waiting for approval (its approval timeout, expires_at, not reached). */
export function requestedAndLive(alias: string | null, now: Date): RawBuilder<boolean> {
  return liveIn(alias, OWN, now, ['requested']);
}

/** A requested booking past its approval timeout: it reads as cancelled (declined). */
export function requestedAndLapsed(alias: string | null, now: Date): RawBuilder<boolean> {
  return sql<boolean>`(${column(alias, 'status')} = 'requested' and ${column(alias, 'expires_at')} <= ${now})`;
}

/** THE rule: the booking holds capacity at `now`. */
export function holdsCapacity(alias: string | null, now: Date): RawBuilder<boolean> {
  return holdsCapacityIn(alias, OWN, now);
}

/**
 * The same rule, asked of a booking segment through its copies of the booking's status and
 * expires_at: no lookup of the booking (docs/performance.md, "Held time").
 */
export function segmentHoldsCapacity(alias: string, now: Date): RawBuilder<boolean> {
  return holdsCapacityIn(alias, SEGMENT_COPIES, now);
}

/** The attendee takes seats of its booking at `now`. */
export function takesSeats(alias: string | null, now: Date): RawBuilder<boolean> {
  return sql<boolean>`(${column(alias, 'status')} in (${sql.join([...SEAT_TAKING])}) or ${pendingAndLive(alias, now)})`;
}

/**
 * How long a held segment must be to count as long: a day. Shorter ones are found by held_start
 * alone; the long ones by their own index (migration 013).
 */
export const LONG_HELD_MS = 24 * 3600 * 1000;
/**
 * The long segments' index predicate, word for word (migrations 013, 029): the planner proves
 * the index usable by matching it. The calendar feed writes it too (feed-bookings.repository.ts).
 */
export const LONG_HELD_SQL = sql<boolean>`h.held_end - h.held_start > interval '24 hours'`;

/**
 * THE held-time lookup: the segments on `resourceIds` of `account` whose held time overlaps
 * `range` (held_start < end and held_end > start) and whose booking holds capacity at `now`,
 * as a derived table to select from under the alias `h`. Search, explain, the calendar,
 * booking and re-checks all read held time through it (facts.repository.ts).
 *
 * The index (account_id, resource_id, held_start, held_end) bounds a scan by held_start only,
 * so `held_end > start` alone would read every past segment of the resource. A segment that
 * overlaps `range` but starts more than LONG_HELD_MS before it must be longer than that: the
 * first branch reads held_start from a day before the range (bounded at both ends), the second
 * only the long segments, through their partial index by held_end. The branches are disjoint.
 * Chosen by measurement over a range type with a GiST index (docs/performance.md, "Held time
 * at scale"). The bound is computed here in milliseconds, not as `start - interval '1 day'`,
 * which the session's time zone would make 23 or 25 hours across a daylight-saving change.
 */
export function heldSegmentsOverlapping(account: string, resourceIds: readonly string[], range: HeldRange, now: Date): RawBuilder<unknown> {
  const columns = sql`h.booking_id, h.resource_id, h.quantity, h.held_start, h.held_end`;
  return sql`
    ${heldStartedRecently(columns, account, resourceIds, range, now)}
    union all
    ${heldLongBefore(columns, account, resourceIds, range, now)}`;
}

/**
 * A range as the held-time lookup places it: its ends, and the bound of its first branch
 * (LONG_HELD_MS before `from`). Computed before the statement is built, which only places them
 * (its text is written once: src/db/shaped-statement.ts).
 */
export interface HeldRange {
  from: Date;
  /** Null: no end (a resource's held time from `from` on). */
  until: Date | null;
  longBefore: Date;
}

export function heldRange(range: { start: number; end: number | null }): HeldRange {
  return { from: new Date(range.start), until: range.end === null ? null : new Date(range.end), longBefore: new Date(range.start - LONG_HELD_MS) };
}

/**
 * Held time as capacity only: the held-time lookup's segments without those of `excluding`, and
 * the segments held over the same time on the same resource as ONE row of their summed
 * quantity, named by the earliest booking among them. What a booking and a series plan by
 * (their capacity counts quantities, never which booking holds them). A pool's thousand
 * bookings of one hour are then one row instead of a thousand read, sent and planned under the
 * pool's lock: the booking's cost stays flat as the pool fills (docs/performance.md, "A full
 * pool"). Explain and re-checks, which name or order the bookings, read them one by one.
 */
export function heldCapacityOverlapping(
  account: string,
  resourceIds: readonly string[],
  range: HeldRange,
  now: Date,
  excluding: readonly string[],
): RawBuilder<unknown> {
  return sql`select min(h.booking_id) as booking_id, h.resource_id, sum(h.quantity)::int4 as quantity, h.held_start, h.held_end
      from (${heldSegmentsOverlapping(account, resourceIds, range, now)}) h
      where h.booking_id <> all(${excluding}::text[])
      group by h.resource_id, h.held_start, h.held_end`;
}

/**
 * The first branch of the held-time lookup: segments held after `from` that start at most
 * LONG_HELD_MS before it (and before `until`, when there is one), bounded at both ends by the
 * held-time index. `more` adds a condition (a keyset place).
 */
function heldStartedRecently(
  columns: RawBuilder<unknown>,
  account: string,
  resourceIds: readonly string[],
  { from, until, longBefore }: HeldRange,
  now: Date,
  more: RawBuilder<unknown> = sql``,
): RawBuilder<unknown> {
  const ending = until !== null ? sql`and h.held_start < ${until}` : sql``;
  return sql`select ${planOnce} ${columns} from booking_segments h
      where h.account_id = ${account} and h.resource_id = any(${resourceIds}::text[])
        and h.held_start >= ${longBefore} ${ending} and h.held_end > ${from} ${more}
        and ${segmentHoldsCapacity('h', now)}`;
}

/**
 * The second branch: segments held after `from` that started longer than LONG_HELD_MS before it,
 * through their partial index (they start before any range end too).
 */
function heldLongBefore(
  columns: RawBuilder<unknown>,
  account: string,
  resourceIds: readonly string[],
  { from, longBefore }: HeldRange,
  now: Date,
): RawBuilder<unknown> {
  return sql`select ${columns} from booking_segments h
      where h.account_id = ${account} and h.resource_id = any(${resourceIds}::text[])
        and ${LONG_HELD_SQL} and h.held_end > ${from} and h.held_start < ${longBefore}
        and ${segmentHoldsCapacity('h', now)}`;
}

/** A place in the (held_start, booking_id) order of a resource's held segments. */
export interface HeldPlace {
  held_start: Date;
  booking_id: string;
}

/**
 * The segments held on one resource from `now` on, as their (held_start, booking_id), in that
 * order after `after`, at most `limit`: the bookings a re-check of the resource must look at,
 * read in bounded pages (recheck.ts). The held-time lookup's first branch from `now` on; the
 * segments held longer come from heldLongOnResources. The (held_start, booking_id) comparison is
 * not an index bound (held_end lies between them in the index), so held_start bounds it too.
 */
export async function heldOnResourcePage(
  db: DbHandle,
  scope: AccountScope,
  resourceId: string,
  now: Date,
  after: HeldPlace | null,
  limit: number,
): Promise<HeldPlace[]> {
  const afterPlace = after
    ? sql`and h.held_start >= ${after.held_start} and (h.held_start, h.booking_id) > (${after.held_start}, ${after.booking_id})`
    : sql``;
  const columns = sql`h.held_start, h.booking_id`;
  const fromNow = heldRange({ start: now.getTime(), end: null });
  const page = sql<HeldPlace>`${heldStartedRecently(columns, scope.accountId, [resourceId], fromNow, now, afterPlace)}
      order by h.held_start, h.booking_id
      limit ${limit}`;
  return (await page.execute(db)).rows;
}

/**
 * The bookings of the segments on `resourceIds` held since more than a day before `now` and
 * still held: the long segments heldOnResourcePage leaves (the lookup's second branch).
 */
export async function heldLongOnResources(db: DbHandle, scope: AccountScope, resourceIds: readonly string[], now: Date): Promise<string[]> {
  const fromNow = heldRange({ start: now.getTime(), end: null });
  const held = sql<{ booking_id: string }>`${planOnce} ${heldLongBefore(sql`h.booking_id`, scope.accountId, resourceIds, fromNow, now)}`;
  return (await held.execute(db)).rows.map((r) => r.booking_id);
}
