/**
 * The bookings a resource's calendar feed shows (docs/feed-urls.md), read so that a fetch costs
 * what lies in the feed's window, not the resource's history (docs/performance.md, "Feeds at
 * scale"). Capacity owns the tables; the feed-urls feature asks through capacity/index.ts.
 */
import { sql } from 'kysely';
import type { DbHandle } from '../db/transaction.js';
import { planOnce } from '../db/plan-once.js';
import { shapedStatement, type Compilable } from '../db/shaped-statement.js';
import { HOLDING_STATUSES, LONG_HELD_MS, LONG_HELD_SQL } from './holds.repository.js';

export interface FeedBookingRow {
  id: string;
  status: string;
  start_at: Date;
  end_at: Date;
  revision: number;
  seats: number | null;
  metadata: Record<string, string>;
  cancellation_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * The statuses after confirmed that a feed still shows (cancelled only when it had been
 * confirmed), word for word the predicate of the indexes booking_segments_settled and
 * booking_segments_settled_long (migration 037): written as literals, they prove it.
 */
export const SETTLED_STATUSES = ['completed', 'no_show', 'cancelled'] as const;
/** The long settled segments, word for word booking_segments_settled_long's predicate (migration 037). */
const LONG_SEGMENT_SQL = sql<boolean>`h.end_at - h.start_at > interval '24 hours'`;

const literals = (statuses: readonly string[]) => sql.join(statuses.map((s) => sql.lit(s)));

/** The values the feed's statement places; its text is written once (src/db/shaped-statement.ts). */
interface FeedValues {
  account: string;
  resource: string;
  from: Date;
  to: Date;
  /** LONG_HELD_MS before `from`: where each status's first part begins. */
  dayBefore: Date;
  limit: number;
}

/**
 * The bookings a calendar feed shows for one resource: confirmed ones (and their later states,
 * completed and no_show), and cancelled ones that had been confirmed, with a segment on the
 * resource in the window. Start and end are those of the booking's segments on this resource
 * in the window; earliest first (then by id), at most `limit`.
 */
export async function feedBookings(
  db: DbHandle,
  accountId: string,
  resourceId: string,
  window: { from: Date; to: Date },
  limit: number,
): Promise<FeedBookingRow[]> {
  const rows = (await FEED(db, feedValues(accountId, resourceId, window, limit))).rows;
  return rows.map((r) => ({ ...r, start_at: new Date(r.start_at), end_at: new Date(r.end_at) }));
}

/** The feed's statement with its values: the one feedBookings runs, for the tests that read its plan. */
export function feedStatement(accountId: string, resourceId: string, window: { from: Date; to: Date }, limit: number) {
  return feedQuery(feedValues(accountId, resourceId, window, limit));
}

function feedValues(account: string, resource: string, window: { from: Date; to: Date }, limit: number): FeedValues {
  // In milliseconds: `from - interval '1 day'` would be 23 or 25 hours across a change of the session zone's offset.
  return { account, resource, from: window.from, to: window.to, dayBefore: new Date(window.from.getTime() - LONG_HELD_MS), limit };
}

/**
 * The segments on the resource in the window come in four disjoint parts, each a bounded
 * range of a partial index (migrations 029 and 037):
 *
 * - confirmed, held from at most a day before the window (booking_segments_holding, bounded
 *   at both ends by held_start), and those held longer (booking_segments_holding_long, by
 *   held_end), as held time is read (heldSegmentsOverlapping): a segment's held time contains
 *   its time, so every confirmed segment in the window is in one of them, and its own times
 *   are then checked;
 * - completed, no_show or cancelled, starting at most a day before the window
 *   (booking_segments_settled, by start_at), and the longer ones (…_settled_long, by end_at).
 *
 * A segment that overlaps the window but starts more than a day before it is longer than a
 * day, so the second part of each pair finds it. Through booking_segments_resource the feed
 * read every segment of the resource and checked the window row by row.
 *
 * The segments are grouped by booking, and each booking then looked up by its key in a lateral
 * subquery that `offset 0` fences: joined plainly, a plan made without values, which expects
 * hundreds of segments in a window, read the account's every booking into a hash table. Each
 * table names the account as a value, so a Citus coordinator routes the statement to one
 * shard. Its plan is made once and kept (`planOnce`): it names four indexes of a large table
 * and planning it took about five times its run.
 */
function feedQuery(v: FeedValues): Compilable<FeedRow> {
  const inWindow = sql`h.end_at > ${v.from} and h.start_at < ${v.to}`;
  const mine = sql`h.account_id = ${v.account} and h.resource_id = ${v.resource}`;
  // The held-time indexes' condition first, then what narrows it, each a clause of its own (holdsCapacityIn).
  const confirmed = sql`h.booking_status in (${literals(HOLDING_STATUSES)}) and h.booking_status = 'confirmed'`;
  const settled = sql`h.booking_status in (${literals(SETTLED_STATUSES)})`;
  return sql<FeedRow>`select ${planOnce} b.*, s.start_at, s.end_at
    from (
      select s.booking_id, min(s.start_at) as start_at, max(s.end_at) as end_at
      from (
        select h.booking_id, h.start_at, h.end_at from booking_segments h
         where ${mine} and ${confirmed} and h.held_start >= ${v.dayBefore} and h.held_start < ${v.to} and h.held_end > ${v.from} and ${inWindow}
        union all
        select h.booking_id, h.start_at, h.end_at from booking_segments h
         where ${mine} and ${LONG_HELD_SQL} and ${confirmed} and h.held_start < ${v.dayBefore} and h.held_end > ${v.from} and ${inWindow}
        union all
        select h.booking_id, h.start_at, h.end_at from booking_segments h
         where ${mine} and ${settled} and h.start_at >= ${v.dayBefore} and ${inWindow}
        union all
        select h.booking_id, h.start_at, h.end_at from booking_segments h
         where ${mine} and ${LONG_SEGMENT_SQL} and ${settled} and h.start_at < ${v.dayBefore} and h.end_at > ${v.from}
      ) s
      group by s.booking_id
    ) s
    cross join lateral (
      select b.id, b.status, b.revision, b.seats, b.metadata, b.cancellation_reason, b.created_at, b.updated_at from bookings b
       where b.account_id = ${v.account} and b.id = s.booking_id
         and (b.status in ('confirmed', 'completed', 'no_show') or (b.status = 'cancelled' and b.confirmed_at is not null))
      offset 0
    ) b
    order by s.start_at, s.booking_id
    limit ${v.limit}`;
}

/** A row as the driver gives it: the aggregates' times may come as text. */
type FeedRow = Omit<FeedBookingRow, 'start_at' | 'end_at'> & { start_at: Date | string; end_at: Date | string };

const FEED = shapedStatement((v: FeedValues) => feedQuery(v));
