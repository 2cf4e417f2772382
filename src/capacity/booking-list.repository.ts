/**
 * The bookings API's list (GET /v1/bookings, docs/bookings.md#listing): every filter, three
 * orders, and cursors that work in each order, each filter through an index that bounds it
 * whatever the account's history (docs/performance.md, "Lists at scale"). Capacity owns the
 * tables it reads; the bookings feature parses the request and asks through capacity/index.ts.
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DbHandle } from '../db/transaction.js';
import type { BookingStatus, Database } from '../db/schema.js';
import type { AccountScope } from '../tenancy/index.js';
import { invalid } from '../lib/errors.js';
import { assertOneCursor, cursorKind, idWalk, metadataHolds, pageOf, type CursorKind, type PageParams } from '../db/pagination.js';
import { shapedStatement, type Compilable, type ShapedStatement } from '../db/shaped-statement.js';
import { json } from '../db/transaction.js';
import { planOnce } from '../db/plan-once.js';
import { pendingAndLapsed, pendingAndLive, requestedAndLapsed, requestedAndLive } from './holds.repository.js';
import type { BookingRow } from './bookings.repository.js';
import { bookingsOfPair, bookingsOfSegments, type SegmentColumn } from './booking-walks.repository.js';

export type BookingOrder = 'created' | 'start' | '-start';

/**
 * The list's filters, parsed by the bookings feature (docs/bookings.md#listing): instants as
 * dates, local dates already turned into their midnights.
 */
export interface BookingListFilters {
  status?: BookingStatus;
  /** `pending` lists the live requests too: a client before 2027-02-01 reads them as pending. */
  requestedAsPending?: boolean;
  resource?: string;
  location?: string;
  series?: string;
  conflicted?: boolean;
  customerReference?: string;
  /** `from` and `to`. */
  from: Date | null;
  to: Date | null;
  /** `from_date`'s midnight, and the midnight after `to_date` (null: no upper bound). */
  fromMidnight: Date | null;
  toMidnight: Date | null;
  order: BookingOrder;
}

/**
 * GET /v1/bookings: every filter, three orders, and cursors that work in each order. Cursors
 * stay plain booking ids (docs/api-conventions.md#lists); for the start orders the cursor's
 * (start, id) pair is looked up and compared as a row value.
 *
 * The statement's text depends only on which filters, order and cursor are given (`listShape`),
 * so each such shape is built and compiled once and then only bound (src/db/shaped-statement.ts):
 * built with kysely at every call it was a tenth of a list's server time (docs/performance.md,
 * "Lists written once").
 */
export async function listBookingRows(
  db: DbHandle,
  scope: AccountScope,
  f: BookingListFilters,
  page: PageParams,
  metadata: Record<string, string>,
  now: Date,
): Promise<{ rows: BookingRow[]; hasMore: boolean }> {
  assertOneCursor(page);
  const limit = page.limit ?? 20;
  const cursorId = page.starting_after ?? page.ending_before ?? null;
  let cursorStart: Date | null = null;
  if (f.order !== 'created' && cursorId !== null) {
    const param = page.starting_after !== undefined ? 'starting_after' : 'ending_before';
    const cursor = await db
      .selectFrom('bookings')
      .select(['id', 'start_at'])
      .where('account_id', '=', scope.accountId)
      .where('id', '=', cursorId)
      .executeTakeFirst();
    if (!cursor) throw invalid(param, `Invalid ${param}: no booking '${cursorId}' to page from.`);
    cursorStart = cursor.start_at;
  }
  const shape = listShape(f, page, metadata);
  const key = JSON.stringify(shape);
  let statement = LIST_STATEMENTS.get(key);
  if (!statement) {
    // Filters combine into many shapes; a caller walking through them all must not grow this without end.
    if (LIST_STATEMENTS.size >= MAX_LIST_STATEMENTS) LIST_STATEMENTS.clear();
    LIST_STATEMENTS.set(key, (statement = shapedStatement((v: ListValues, handle) => listStatement(handle, shape, v))));
  }
  const values = listValues(scope, f, metadata, now, { cursorId, cursorStart, rowsToRead: limit + 1 });
  return pageOf((await statement(db, values)).rows, limit, shape.cursor);
}

/**
 * The list's statement for a first page of `limit`, with its values: the one listBookingRows
 * runs, for the tests that read its plan.
 */
export function bookingListStatement(db: DbHandle, scope: AccountScope, f: BookingListFilters, metadata: Record<string, string>, now: Date, limit: number) {
  return listStatement(db, listShape(f, {}, metadata), listValues(scope, f, metadata, now, { cursorId: null, cursorStart: null, rowsToRead: limit + 1 }));
}

function listValues(
  scope: AccountScope,
  f: BookingListFilters,
  metadata: Record<string, string>,
  now: Date,
  page: Pick<ListValues, 'cursorId' | 'cursorStart' | 'rowsToRead'>,
): ListValues {
  return {
    account: scope.accountId,
    now,
    resource: f.resource ?? null,
    location: f.location ?? null,
    series: f.series ?? null,
    conflicted: f.conflicted ?? null,
    customerReference: f.customerReference ?? null,
    from: f.from,
    to: f.to,
    fromMidnight: f.fromMidnight,
    toMidnight: f.toMidnight,
    metadata: Object.keys(metadata).length === 0 ? null : json(metadata),
    ...drivingPair(metadata),
    dayBeforeFrom: dayBeforeFrom(f),
    ...page,
  };
}

/** Everything the list's statement text depends on: which filters are given, not their values. */
interface ListShape {
  /**
   * Newest first by a metadata pair, a resource or a location: walked from that pair's rows of
   * `booking_metadata` or that one's segments (see below). A pair drives when given: it is most
   * often a reference of the caller's own, which few bookings carry.
   */
  driving: SegmentColumn | 'metadata' | null;
  /** By start from an instant: read in two parts that each bound the start (`listStatement`). */
  fromBounded: boolean;
  status: BookingStatus | null;
  requestedAsPending: boolean;
  /** The segment filters checked as `exists` (those not driving). */
  segments: SegmentColumn[];
  given: ('series' | 'conflicted' | 'customerReference' | 'from' | 'to' | 'fromMidnight' | 'toMidnight' | 'metadata')[];
  order: BookingOrder;
  cursor: CursorKind;
}

/** The values the list's statement places; null where its shape has no such filter. */
interface ListValues {
  account: string;
  now: Date;
  resource: string | null;
  location: string | null;
  series: string | null;
  conflicted: boolean | null;
  customerReference: string | null;
  from: Date | null;
  to: Date | null;
  fromMidnight: Date | null;
  toMidnight: Date | null;
  /** The metadata filters as JSON. */
  metadata: string | null;
  /** The pair that drives a metadata-filtered list (the first key's). */
  metadataKey: string | null;
  metadataValue: string | null;
  /** A day before the list's lower bound (`from`, `from_date`), for the start orders' parts. */
  dayBeforeFrom: Date | null;
  cursorId: string | null;
  /** The cursor booking's start, for the start orders. */
  cursorStart: Date | null;
  /** A page's limit and one more, to know whether there is more. */
  rowsToRead: number;
}

const LIST_STATEMENTS = new Map<string, ShapedStatement<ListValues, BookingRow>>();
const MAX_LIST_STATEMENTS = 500;

function listShape(f: BookingListFilters, page: PageParams, metadata: Record<string, string>): ListShape {
  const segments = segmentFilters(f).flatMap(([column, value]) => (value === undefined ? [] : [column]));
  const byPair = Object.keys(metadata).length > 0;
  const driving = f.order === 'created' ? (byPair ? 'metadata' : (segments[0] ?? null)) : null;
  const given: ListShape['given'] = [];
  if (f.series !== undefined) given.push('series');
  if (f.conflicted !== undefined) given.push('conflicted');
  if (f.customerReference !== undefined) given.push('customerReference');
  if (f.from !== null) given.push('from');
  if (f.to !== null) given.push('to');
  if (f.fromMidnight !== null) given.push('fromMidnight');
  if (f.toMidnight !== null) given.push('toMidnight');
  if (byPair) given.push('metadata');
  return {
    driving,
    fromBounded: f.order !== 'created' && (f.from !== null || f.fromMidnight !== null),
    status: f.status ?? null,
    requestedAsPending: f.requestedAsPending === true,
    segments: segments.filter((column) => column !== driving),
    given,
    order: f.order,
    cursor: cursorKind(page),
  };
}

/** The list's statement for one shape, with the values placed (placeholders at its first call). */
function listStatement(db: DbHandle, shape: ListShape, v: ListValues): Compilable<BookingRow> {
  if (!shape.fromBounded) {
    // Newest first by a status of two conditions (expired, cancelled), as one condition the
    // planner either walked the account's bookings checking each or read both ranges of
    // bookings_status whole and sorted them: linear in the account's history either way. Each
    // condition is a range of that index in id order: a page of each, merged.
    const conditions = shape.order === 'created' && shape.driving === null ? statusConditions(shape, v) : [];
    if (conditions.length < 2) return inListOrder(filteredRows(db, shape, v), shape, v);
    const [first, ...rest] = conditions.map((condition) => db.selectFrom(inListOrder(filteredRows(db, shape, v, condition), shape, v).as('b')).selectAll('b'));
    return inListOrder(db.selectFrom(rest.reduce((union, part) => union.unionAll(part), first).as('b')).selectAll('b'), shape, v);
  }
  // By start from an instant, `end_at > from` bounds no index that orders by start: the
  // bookings starting at most a day before `from` come through bookings_start_id bounded at
  // both ends, a page of them in the list's order; the longer ones, which still overlap, through
  // their partial index (migration 035), unordered, as held time is read
  // (heldSegmentsOverlapping). Ordered too, that part was walked through bookings_start_id in a
  // plan made without values, every earlier booking of the account. The parts are disjoint, and
  // merged in the list's order.
  const recent = inListOrder(filteredRows(db, shape, v).where(sql<boolean>`b.start_at > ${v.dayBeforeFrom}`), shape, v);
  const long = filteredRows(db, shape, v).where(sql<boolean>`${LONG_BOOKING_SQL} and b.start_at <= ${v.dayBeforeFrom}`);
  const rows = db.selectFrom(recent.as('b')).selectAll('b').unionAll(long);
  // Its plan is made once and kept (src/db/plan-once.ts): planned with its values, two parts over
  // the bookings' two dozen indexes took 1.2 ms to plan and 0.2 ms to run, and a bound past the
  // newest booking had the planner read the index's end at every run (docs/performance.md,
  // "Lists at scale"). test/api/lists-by-kind-plan.test.ts reads that plan.
  return inListOrder(db.selectFrom(rows.as('b')).selectAll('b').modifyFront(planOnce), shape, v);
}

/**
 * How far back the start orders' first part reaches, and the bookings longer than that, which
 * the second part reads: the SQL word for word the predicate of the partial index
 * `bookings_long` (migration 035), or the planner cannot use it. The two say the same day.
 */
const LONG_BOOKING_MS = 24 * 3600 * 1000;
const LONG_BOOKING_SQL = sql<boolean>`b.end_at - b.start_at > interval '24 hours'`;

/** LONG_BOOKING_MS before the list's lower bound, in milliseconds (a day of the session's zone may be 23 or 25 hours). */
function dayBeforeFrom(f: BookingListFilters): Date | null {
  const bounds = [f.from, f.fromMidnight].filter((d): d is Date => d !== null);
  return bounds.length === 0 ? null : new Date(Math.max(...bounds.map((d) => d.getTime())) - LONG_BOOKING_MS);
}

/** The pair of `booking_metadata` that drives a list filtered by metadata: the first key's. */
function drivingPair(metadata: Record<string, string>): Pick<ListValues, 'metadataKey' | 'metadataValue'> {
  const [pair] = Object.entries(metadata);
  return { metadataKey: pair?.[0] ?? null, metadataValue: pair?.[1] ?? null };
}

type BookingsQuery = SelectQueryBuilder<Database & { b: Database['bookings'] }, 'b', BookingRow>;

/**
 * The effective status as conditions on the row, any of which lists it: a pending booking past
 * expires_at is listed as expired, a requested one past its approval timeout as cancelled; so
 * those two are two conditions each (and pending, where requested reads as pending). Written as literals, each status proves the partial index
 * `bookings_status` (migration 035) applies, and each condition is one range of it.
 */
function statusConditions(shape: ListShape, v: ListValues): RawBuilder<boolean>[] {
  switch (shape.status) {
    case null:
      return [];
    case 'pending':
      // Versions before requested existed list a requested booking as pending (requestedAsPending).
      return shape.requestedAsPending ? [pendingAndLive('b', v.now), requestedAndLive('b', v.now)] : [pendingAndLive('b', v.now)];
    case 'expired':
      return [sql<boolean>`b.status = 'expired'`, pendingAndLapsed('b', v.now)];
    case 'requested':
      return [requestedAndLive('b', v.now)];
    case 'cancelled':
      return [sql<boolean>`b.status = 'cancelled'`, requestedAndLapsed('b', v.now)];
    default:
      return [sql<boolean>`b.status = ${sql.lit(shape.status)}`];
  }
}

/** The list's status filter as one condition (either of its conditions), or null without one. */
function statusHolds(shape: ListShape, v: ListValues): RawBuilder<boolean> | null {
  const conditions = statusConditions(shape, v);
  return conditions.length === 0 ? null : conditions.length === 1 ? conditions[0] : sql<boolean>`(${sql.join(conditions, sql` or `)})`;
}

/**
 * The account's bookings that pass every filter of the list, in no order yet (as `b`); the
 * status by `statusCondition` when given (one part of a status split in two: listStatement).
 */
function filteredRows(db: DbHandle, shape: ListShape, v: ListValues, statusCondition?: RawBuilder<boolean>) {
  const has = (filter: ListShape['given'][number]) => shape.given.includes(filter);
  const valueOf = (column: SegmentColumn) => (column === 'resource_id' ? v.resource! : v.location!);
  // One type for the three walks: each selects the booking's columns as `b`.
  let q: BookingsQuery =
    shape.driving === 'metadata'
      ? bookingsOfPair(db, v.account, v.metadataKey!, v.metadataValue!)
      : shape.driving
        ? bookingsOfSegments(db, v.account, shape.driving, valueOf(shape.driving))
        : db.selectFrom('bookings as b').selectAll('b').where('b.account_id', '=', v.account);

  const status = statusCondition ?? statusHolds(shape, v);
  if (status) q = q.where(status);
  for (const column of shape.segments) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('booking_segments as s')
          .select(sql`1`.as('one'))
          // The account as a value, not `b`'s column: a Citus coordinator routes the statement
          // to one shard only when every table names it so (b may come from a lateral walk).
          .where('s.account_id', '=', v.account)
          .whereRef('s.booking_id', '=', 'b.id')
          .where(`s.${column}`, '=', valueOf(column)),
      ),
    );
  }
  if (has('series')) q = q.where('b.series_id', '=', v.series!);
  if (has('conflicted')) q = q.where('b.conflicted', '=', v.conflicted!);
  if (has('customerReference')) q = q.where('b.customer_reference', '=', v.customerReference!);
  if (has('from')) q = q.where('b.end_at', '>', v.from!);
  if (has('to')) q = q.where('b.start_at', '<', v.to!);
  if (has('fromMidnight')) q = q.where('b.end_at', '>', v.fromMidnight!);
  if (has('toMidnight')) q = q.where('b.start_at', '<', v.toMidnight!);
  if (has('metadata')) {
    // In the start orders the pair's bookings are a set for the planner to start from or to
    // check each booking against; every pair is checked on the booking itself in any case.
    if (shape.driving !== 'metadata') {
      q = q.where('b.id', 'in', (eb) =>
        eb
          .selectFrom('booking_metadata as m')
          .select('m.booking_id')
          .where('m.account_id', '=', v.account)
          .where('m.key', '=', v.metadataKey!)
          .where('m.value', '=', v.metadataValue!),
      );
    }
    q = q.where(metadataHolds('b.metadata', v.metadata));
  }
  return afterCursor(q, shape, v);
}

/**
 * The rows after the cursor in the list's order, as one more filter: below (newest first) or
 * above the cursor's id, by the walk's own id when a pair or a segment drives it (idWalk); in
 * the start orders, after the cursor's (start, id) pair. `ending_before` walks the other way,
 * and the caller turns the page round.
 */
function afterCursor(q: BookingsQuery, shape: ListShape, v: ListValues): BookingsQuery {
  if (shape.cursor === null) return q;
  if (shape.order === 'created') return q.where(walkedId(shape), idWalk('newest first', shape.cursor).bound, v.cursorId!);
  const greater = (shape.order === 'start') === (shape.cursor !== 'ending_before');
  return q.where(sql<boolean>`(b.start_at, b.id) ${sql.raw(greater ? '>' : '<')} (${v.cursorStart}, ${v.cursorId})`);
}

/** The id a newest-first list walks: the driving pair's or segment's booking id, or the booking's own. */
const walkedId = (shape: ListShape) => sql.ref(shape.driving === 'metadata' ? 'm.booking_id' : shape.driving ? 's.booking_id' : 'b.id');

/**
 * The list's order, a page and one more: newest first by id, as every list, or by start
 * (`start` ascending, `-start` descending); `ending_before` walks the other way. The rows are
 * already after the cursor (`afterCursor`).
 */
function inListOrder<Q extends SelectQueryBuilder<any, 'b', any>>(q: Q, shape: ListShape, v: ListValues) {
  if (shape.order === 'created') return q.orderBy(walkedId(shape), idWalk('newest first', shape.cursor).direction).limit(v.rowsToRead);
  const dir = (shape.order === 'start') !== (shape.cursor === 'ending_before') ? 'asc' : 'desc';
  return q.orderBy('b.start_at', dir).orderBy('b.id', dir).limit(v.rowsToRead);
}

const segmentFilters = (f: BookingListFilters) =>
  [
    ['resource_id', f.resource],
    ['location_id', f.location],
  ] as const;
