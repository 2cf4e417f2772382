/**
 * The reads other features make of bookings and their segments: the bookings API's list, a
 * resource's calendar feed, and the checks that keep a booked resource or location from being
 * deleted. Capacity owns these tables (bookings.repository.ts holds its writer's SQL); the
 * features ask through capacity/index.ts and keep their own rules (parsing, errors, shapes).
 */
import { sql } from 'kysely';
import type { DbHandle, Trx } from '../db/transaction.js';
import type { BookingStatus } from '../db/schema.js';
import type { AccountScope } from '../tenancy/index.js';
import { invalid } from '../lib/errors.js';
import { assertOneCursor, cursorKind, idWalk, metadataHolds, pageOf, type CursorKind, type PageParams } from '../db/pagination.js';
import { shapedStatement, type ShapedStatement } from '../db/shaped-statement.js';
import { json } from '../db/transaction.js';
import { pendingAndLapsed, pendingAndLive, requestedAndLapsed, requestedAndLive } from './holds.repository.js';
import type { BookingRow } from './bookings.repository.js';
import type { PreviousBooking } from '../core/availability/types.js';

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
  const values: ListValues = {
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
    cursorId,
    cursorStart,
    rowsToRead: limit + 1,
  };
  return pageOf((await statement(db, values)).rows, limit, shape.cursor);
}

/** Everything the list's statement text depends on: which filters are given, not their values. */
interface ListShape {
  /** Newest first by a resource or a location: walked from that one's segments (see below). */
  driving: SegmentColumn | null;
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
  const driving = f.order === 'created' ? (segments[0] ?? null) : null;
  const given: ListShape['given'] = [];
  if (f.series !== undefined) given.push('series');
  if (f.conflicted !== undefined) given.push('conflicted');
  if (f.customerReference !== undefined) given.push('customerReference');
  if (f.from !== null) given.push('from');
  if (f.to !== null) given.push('to');
  if (f.fromMidnight !== null) given.push('fromMidnight');
  if (f.toMidnight !== null) given.push('toMidnight');
  if (Object.keys(metadata).length > 0) given.push('metadata');
  return {
    driving,
    status: f.status ?? null,
    requestedAsPending: f.requestedAsPending === true,
    segments: segments.filter((column) => column !== driving),
    given,
    order: f.order,
    cursor: cursorKind(page),
  };
}

/** The list's statement for one shape, with the values placed (placeholders at its first call). */
function listStatement(db: DbHandle, shape: ListShape, v: ListValues) {
  const has = (filter: ListShape['given'][number]) => shape.given.includes(filter);
  const valueOf = (column: SegmentColumn) => (column === 'resource_id' ? v.resource! : v.location!);
  let q = shape.driving
    ? bookingsOfSegments(db, v.account, shape.driving, valueOf(shape.driving))
    : db.selectFrom('bookings as b').selectAll('b').where('b.account_id', '=', v.account);

  // Status is the effective one: a pending booking past expires_at is listed as expired, a
  // requested one past its approval timeout as cancelled.
  if (shape.status === 'pending') {
    q = q.where(shape.requestedAsPending ? sql<boolean>`(${pendingAndLive('b', v.now)} or ${requestedAndLive('b', v.now)})` : pendingAndLive('b', v.now));
  } else if (shape.status === 'expired') {
    q = q.where((eb) => eb.or([eb('b.status', '=', sql.lit('expired')), pendingAndLapsed('b', v.now)]));
  } else if (shape.status === 'requested') {
    q = q.where(requestedAndLive('b', v.now));
  } else if (shape.status === 'cancelled') {
    q = q.where((eb) => eb.or([eb('b.status', '=', sql.lit('cancelled')), requestedAndLapsed('b', v.now)]));
  } else if (shape.status !== null) {
    q = q.where('b.status', '=', sql.lit(shape.status));
  }
  for (const column of shape.segments) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('booking_segments as s')
          .select(sql`1`.as('one'))
          .whereRef('s.account_id', '=', 'b.account_id')
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
  if (has('metadata')) q = q.where(metadataHolds('b.metadata', v.metadata));

  // Newest first by id, as every list (idWalk), or by start (`start` ascending, `-start`
  // descending); ending_before walks the other way, and the caller turns the page round.
  const backward = shape.cursor === 'ending_before';
  if (shape.order === 'created') {
    const id = sql.ref(shape.driving ? 's.booking_id' : 'b.id');
    const { direction, bound } = idWalk('newest first', shape.cursor);
    if (shape.cursor !== null) q = q.where(id, bound, v.cursorId!);
    return q.orderBy(id, direction).limit(v.rowsToRead);
  }
  const asc = shape.order === 'start';
  if (shape.cursor !== null) {
    // "after" in the list's order; ending_before walks the other way.
    const greater = asc === !backward;
    q = q.where(sql<boolean>`(b.start_at, b.id) ${sql.raw(greater ? '>' : '<')} (${v.cursorStart}, ${v.cursorId})`);
  }
  const dir = asc !== backward ? 'asc' : 'desc';
  return q.orderBy('b.start_at', dir).orderBy('b.id', dir).limit(v.rowsToRead);
}

type SegmentColumn = 'resource_id' | 'location_id';

const segmentFilters = (f: BookingListFilters) =>
  [
    ['resource_id', f.resource],
    ['location_id', f.location],
  ] as const;

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
function bookingsOfSegments(db: DbHandle, account: string, column: SegmentColumn, value: string) {
  return db
    .selectFrom('booking_segments as s')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('bookings as bk')
          .selectAll('bk')
          .where('bk.account_id', '=', account)
          .whereRef('bk.id', '=', 's.booking_id')
          .offset(sql.lit(0))
          .as('b'),
      (join) => join.onTrue(),
    )
    .distinctOn('s.booking_id')
    .selectAll('b')
    .where('s.account_id', '=', account)
    .where(`s.${column}`, '=', value);
}

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
 * The bookings a calendar feed shows for one resource: confirmed ones (and their later states,
 * completed and no_show), and cancelled ones that had been confirmed. Start and end are those
 * of the booking's segments on this resource.
 */
export async function feedBookings(
  db: DbHandle,
  accountId: string,
  resourceId: string,
  window: { from: Date; to: Date },
  limit: number,
): Promise<FeedBookingRow[]> {
  const rows = await db
    .selectFrom('bookings as b')
    .innerJoin('booking_segments as s', (join) => join.onRef('s.account_id', '=', 'b.account_id').onRef('s.booking_id', '=', 'b.id'))
    .select((eb) => [
      'b.id',
      'b.status',
      'b.revision',
      'b.seats',
      'b.metadata',
      'b.cancellation_reason',
      'b.created_at',
      'b.updated_at',
      eb.fn.min('s.start_at').as('start_at'),
      eb.fn.max('s.end_at').as('end_at'),
    ])
    .where('b.account_id', '=', accountId)
    .where('s.resource_id', '=', resourceId)
    .where('s.end_at', '>', window.from)
    .where('s.start_at', '<', window.to)
    .where((eb) =>
      eb.or([
        eb('b.status', 'in', ['confirmed', 'completed', 'no_show']),
        eb.and([eb('b.status', '=', 'cancelled'), eb('b.confirmed_at', 'is not', null)]),
      ]),
    )
    // The primary key determines every other column of the booking.
    .groupBy(['b.account_id', 'b.id'])
    .orderBy('start_at')
    .orderBy('b.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, start_at: new Date(r.start_at as Date), end_at: new Date(r.end_at as Date) })) as FeedBookingRow[];
}

/** Any booking, past or future, in any state, keeps a resource from being deleted. */
export async function resourceHasBookings(trx: Trx, scope: AccountScope, resourceId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('booking_segments')
    .select('booking_id')
    .where('account_id', '=', scope.accountId)
    .where('resource_id', '=', resourceId)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** A booking with a segment at the location that has not ended (a location in use), or null. */
export async function futureBookingAtLocation(trx: Trx, scope: AccountScope, locationId: string, now: Date): Promise<string | null> {
  const segment = await trx
    .selectFrom('booking_segments')
    .select('booking_id')
    .where('account_id', '=', scope.accountId)
    .where('location_id', '=', locationId)
    .where('end_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return segment?.booking_id ?? null;
}

/**
 * A returning customer's latest completed or confirmed booking (docs/bookings.md#returning-customers):
 * the one with the latest start (then the latest id), with the resources of its segments in
 * order; null when the customer has none. One entry of bookings_customer_latest (migration
 * 021, whose predicate this is word for word) and that booking's segments, on the account's shard.
 */
export async function latestBookingOfCustomer(db: DbHandle, scope: AccountScope, customerReference: string): Promise<PreviousBooking | null> {
  const result = await sql<{ id: string; resources: string[] }>`
    select b.id,
      (select coalesce(json_agg(s.resource_id order by s.position), '[]')
         from booking_segments s
        where s.account_id = ${scope.accountId} and s.booking_id = b.id) as resources
      from bookings b
     where b.account_id = ${scope.accountId}
       and b.customer_reference = ${customerReference}
       and b.customer_reference is not null and b.status in ('confirmed', 'completed')
     order by b.start_at desc, b.id desc
     limit 1`.execute(db);
  const row = result.rows[0];
  if (!row) return null;
  const resources = typeof row.resources === 'string' ? (JSON.parse(row.resources) as string[]) : row.resources;
  return { booking: row.id, resources: [...new Set(resources)] };
}
