/**
 * The walks that drive a newest-first booking list (booking-list.repository.ts): from a
 * resource's or a location's segments, or from a metadata pair's rows, each booking looked up
 * by its key, so a page costs its own rows.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { DbHandle } from '../db/transaction.js';
import type { Database } from '../db/schema.js';

export type SegmentColumn = 'resource_id' | 'location_id';

/**
 * The bookings with a segment on one resource or at one location, newest first: walked from
 * the segments through `booking_segments (account_id, resource_id | location_id, booking_id)`
 * backwards, each booking looked up by its key, so a page costs its own rows. Asked from the
 * bookings' side ("every booking of the account, newest first, that has such a segment"), a
 * room whose bookings are all older than its neighbours' was a walk through the whole account:
 * 166 ms for 20 rows among 100,000 bookings on PostgreSQL (docs/performance.md, "Scale"). The
 * lateral subquery's `offset 0` keeps the planner from turning the walk round; `distinct on`
 * lists a booking with two segments there once (its segments come together in that order).
 */
export function bookingsOfSegments(db: DbHandle, account: string, column: SegmentColumn, value: string) {
  return db
    .selectFrom('booking_segments as s')
    .innerJoinLateral((eb) => bookingByKey(eb, account, 's.booking_id'), (join) => join.onTrue())
    .distinctOn('s.booking_id')
    .selectAll('b')
    .where('s.account_id', '=', account)
    .where(`s.${column}`, '=', value);
}

/**
 * The bookings whose metadata holds one pair, newest first: walked from the pair's rows of
 * `booking_metadata` (account_id, key, value, booking_id) backwards, each booking looked up by
 * its key, so a page costs its own rows and a pair no booking has costs an empty range (a walk
 * of the account's bookings checking `metadata @>` was linear in its history: docs/performance.md,
 * "Lists at scale"). `offset 0` keeps the planner from turning the walk round, as below.
 */
export function bookingsOfPair(db: DbHandle, account: string, key: string, value: string) {
  return db
    .selectFrom('booking_metadata as m')
    .innerJoinLateral((eb) => bookingByKey(eb, account, 'm.booking_id'), (join) => join.onTrue())
    .selectAll('b')
    .where('m.account_id', '=', account)
    .where('m.key', '=', key)
    .where('m.value', '=', value);
}

/**
 * The booking a walk has reached, looked up by its key as `b`: a lateral subquery fenced by
 * `offset 0`, so that the planner keeps the walk's order and cannot turn it round.
 */
function bookingByKey(eb: Pick<ExpressionBuilder<Database, never>, 'selectFrom'>, account: string, bookingId: 's.booking_id' | 'm.booking_id') {
  return eb
    .selectFrom('bookings as bk')
    .selectAll('bk')
    .where('bk.account_id', '=', account)
    .whereRef('bk.id', '=', sql.ref(bookingId))
    .offset(sql.lit(0))
    .as('b');
}
