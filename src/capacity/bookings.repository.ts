/** Bookings and their segments: the rows that hold capacity, and the seats attendees take of them. */
import { sql } from 'kysely';
import { json, type DbHandle, type Trx } from '../db/transaction.js';
import type { Row } from '../db/schema.js';
import type { AccountScope } from '../tenancy/index.js';
import { accountTable } from '../db/account-table.js';
import type { ResourceLocks } from './locks.js';
import { holdsCapacity, takesSeats } from './holds.repository.js';

export type BookingRow = Row<'bookings'>;
export type SegmentRow = Row<'booking_segments'>;

/** Booking rows; a booking's row lock comes after the resource locks (locks.ts). */
export const bookingsTable = accountTable<'bookings', [ResourceLocks]>('bookings');

/**
 * `column = any($1::text[])`: one array parameter instead of one per id (a re-check can
 * touch tens of thousands of bookings; PostgreSQL takes at most 65,535 parameters).
 */
export function anyOf(column: string, ids: readonly string[]) {
  return sql<boolean>`${sql.ref(column)} = any(${[...ids]}::text[])`;
}

/** Segments of the given bookings, by booking id, in position order. */
export async function segmentsOf(db: DbHandle, scope: AccountScope, bookingIds: string[]): Promise<Map<string, SegmentRow[]>> {
  const out = new Map<string, SegmentRow[]>();
  if (bookingIds.length === 0) return out;
  const rows = await db
    .selectFrom('booking_segments')
    .selectAll()
    .where('account_id', '=', scope.accountId)
    .where(anyOf('booking_id', bookingIds))
    .orderBy('booking_id')
    .orderBy('position')
    .execute();
  for (const r of rows) {
    const list = out.get(r.booking_id) ?? [];
    list.push(r);
    out.set(r.booking_id, list);
  }
  return out;
}

/** Seats held by attendees (pending and not past expires_at, confirmed, completed, no_show). */
export async function seatsTakenOf(db: DbHandle, scope: AccountScope, bookingIds: string[], now: Date): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (bookingIds.length === 0) return out;
  const rows = await db
    .selectFrom('attendees')
    .select(['booking_id', sql<number>`coalesce(sum(seats), 0)::int`.as('taken')])
    .where('account_id', '=', scope.accountId)
    .where(anyOf('booking_id', bookingIds))
    .where(takesSeats(null, now))
    .groupBy('booking_id')
    .execute();
  for (const r of rows) out.set(r.booking_id, Number(r.taken));
  return out;
}

/** Resource ids of a booking's segments (distinct). */
export async function resourcesOfBooking(db: DbHandle, scope: AccountScope, bookingId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('booking_segments')
    .select('resource_id')
    .distinct()
    .where('account_id', '=', scope.accountId)
    .where('booking_id', '=', bookingId)
    .execute();
  return rows.map((r) => r.resource_id);
}

/** Bookings by id (any order; callers index them). */
export function bookingsById(db: DbHandle, scope: AccountScope, ids: string[]): Promise<BookingRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return bookingsTable.select(db, scope).where(anyOf('id', ids)).execute();
}

export interface FutureHoldingFilter {
  /** Bookings with a segment on one of these resources; absent: every resource of the account. */
  resourceIds?: readonly string[];
  onlyConflicted?: boolean;
}

/** A place in the (start, id) order of bookings, to read the ones after it (keyset paging). */
export interface StartAndId {
  start_at: Date;
  id: string;
}

function futureHoldingQuery(db: DbHandle, scope: AccountScope, now: Date, filter: FutureHoldingFilter) {
  let q = db
    .selectFrom('bookings as b')
    .where('b.account_id', '=', scope.accountId)
    .where('b.end_at', '>', now)
    .where(holdsCapacity('b', now));
  const resources = filter.resourceIds;
  if (resources) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('booking_segments as s')
          .select('s.booking_id')
          .whereRef('s.account_id', '=', 'b.account_id')
          .whereRef('s.booking_id', '=', 'b.id')
          .where('s.resource_id', 'in', [...resources]),
      ),
    );
  }
  // Word for word the predicate of bookings_conflicted_end (migration 018): flagged bookings only.
  if (filter.onlyConflicted) q = q.where(sql<boolean>`b.conflicted`);
  return q;
}

/**
 * Bookings that hold capacity and have not ended at `now`, in (start, id) order: those with
 * a segment on one of `resourceIds` (every resource when absent), optionally only the
 * flagged. With `page`, at most `page.limit` of them, after `page.after`: bounded statements
 * for work done in pieces (docs/bookings.md#re-checks).
 */
export function futureHoldingBookings(
  db: DbHandle,
  scope: AccountScope,
  now: Date,
  filter: FutureHoldingFilter,
  page?: { after: StartAndId | null; limit: number },
): Promise<BookingRow[]> {
  let q = futureHoldingQuery(db, scope, now, filter).selectAll('b');
  if (page?.after) q = q.where(sql<boolean>`(b.start_at, b.id) > (${page.after.start_at}, ${page.after.id})`);
  q = q.orderBy('b.start_at').orderBy('b.id');
  return (page ? q.limit(page.limit) : q).execute();
}

/**
 * Of the given bookings, those that hold capacity and have not ended at `now`, in (start, id)
 * order: a piece of a re-check whose candidates were read from the resources' held segments.
 */
export function futureHoldingBookingsAmong(db: DbHandle, scope: AccountScope, now: Date, ids: readonly string[]): Promise<BookingRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return futureHoldingQuery(db, scope, now, {}).selectAll('b').where(anyOf('b.id', ids)).orderBy('b.start_at').orderBy('b.id').execute();
}

/**
 * How many bookings futureHoldingBookings would return and how many segments they have,
 * counting at most `upTo` + 1 segments (one bounded statement: a preview's budget needs to
 * know only whether the work fits); `more` says the count stopped there, with more to come.
 */
export async function countFutureHolding(
  db: DbHandle,
  scope: AccountScope,
  now: Date,
  filter: FutureHoldingFilter,
  upTo: number,
): Promise<{ bookings: number; segments: number; more: boolean }> {
  const { rows } = await sql<{ bookings: number; segments: number }>`
    select count(distinct booking_id)::int as bookings, count(*)::int as segments
    from (${db
      .selectFrom('booking_segments as seg')
      .select('seg.booking_id')
      .where('seg.account_id', '=', scope.accountId)
      .where('seg.booking_id', 'in', futureHoldingQuery(db, scope, now, filter).select('b.id'))
      .limit(upTo + 1)}) as counted`.execute(db);
  const segments = Number(rows[0].segments);
  return { bookings: Number(rows[0].bookings), segments, more: segments > upTo };
}

/** Sets `conflicted`/`conflicts` of many bookings at once (in chunks); returns the rows written. */
export async function writeConflicts(
  trx: Trx,
  scope: AccountScope,
  changes: readonly { id: string; conflicts: readonly unknown[] }[],
  now: Date,
): Promise<Map<string, BookingRow>> {
  const updated = new Map<string, BookingRow>();
  // Thousands of bookings can change at once (archiving a busy pool): write in chunks.
  for (let i = 0; i < changes.length; i += 500) {
    const chunk = changes.slice(i, i + 500);
    const { rows } = await sql<BookingRow>`
      update bookings as b
      set conflicted = v.flagged, conflicts = v.conflicts::jsonb, updated_at = ${now}
      from unnest(
        ${chunk.map((c) => c.id)}::text[],
        ${chunk.map((c) => c.conflicts.length > 0)}::boolean[],
        ${chunk.map((c) => (c.conflicts.length > 0 ? json(c.conflicts) : null))}::text[]
      ) as v(id, flagged, conflicts)
      where b.account_id = ${scope.accountId} and b.id = v.id
      returning b.*`.execute(trx);
    for (const r of rows) updated.set(r.id, r);
  }
  return updated;
}

/** Pending or confirmed bookings that have not ended (an account with one cannot be deleted). */
export async function hasFutureHolds(db: DbHandle, scope: Pick<AccountScope, 'accountId'>, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('bookings')
    .select('id')
    .where('account_id', '=', scope.accountId)
    .where('end_at', '>', now)
    .where(holdsCapacity(null, now))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/**
 * Deletes every booking of an account (and, by their foreign keys' cascades, the segments,
 * attendees, reminders and manage links that hang on them), in the account delete's transaction, just before the account row: the segments
 * point at resources with a plain foreign key (a booked resource must never be deleted on its
 * own), so the account's cascade can only remove its resources once the segments are gone.
 */
export async function deleteAccountBookings(trx: Trx, scope: Pick<AccountScope, 'accountId'>): Promise<void> {
  await trx.deleteFrom('bookings').where('account_id', '=', scope.accountId).execute();
}

// ------------------------------------------------------------ a series' occurrences

/**
 * Offsets are at most 10080 minutes and buffers 1440: a booking's start lies within 8 days
 * of its occurrence's start. Key lookups by time use this margin.
 */
export const OCCURRENCE_MARGIN_MS = 8 * 86_400_000;

/**
 * Occurrence keys of these series that must not be generated: a live booking exists for
 * them, or they were cancelled or rescheduled by hand. Only bookings cancelled by a change of
 * their series free a key. `seriesIds` holds a series and the series it was split from
 * (an occurrence cancelled by hand stays cancelled across a split).
 */
export async function takenKeys(
  db: DbHandle,
  scope: AccountScope,
  seriesIds: string[],
  range: { start: Date; end: Date },
): Promise<Set<string>> {
  if (seriesIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('bookings')
    .select('occurrence_key')
    .where('account_id', '=', scope.accountId)
    .where('series_id', 'in', seriesIds)
    .where('occurrence_key', 'is not', null)
    .where('start_at', '>=', new Date(range.start.getTime() - OCCURRENCE_MARGIN_MS))
    .where('start_at', '<', new Date(range.end.getTime() + OCCURRENCE_MARGIN_MS))
    .where((eb) => eb.or([eb('status', '<>', 'cancelled'), eb('cancelled_by_series', '=', false)]))
    .execute();
  return new Set(rows.map((r) => r.occurrence_key!));
}

/** The live occurrences' condition: made by the series, pending or confirmed, from `from`. */
function liveOccurrencesFrom(db: DbHandle, scope: AccountScope, seriesId: string, from: Date) {
  return db
    .selectFrom('bookings')
    .where('account_id', '=', scope.accountId)
    .where('series_id', '=', seriesId)
    .where('occurrence_key', 'is not', null)
    .where('status', 'in', ['requested', 'pending', 'confirmed'])
    .where('start_at', '>=', from);
}

/**
 * The resources held by the live occurrences of a series from `from` (distinct, unlocked):
 * a change that cancels them must lock these too, and an earlier template, a split's parent or
 * a candidate list may have put them on resources the current template no longer names.
 */
export async function resourcesOfOccurrencesFrom(db: DbHandle, scope: AccountScope, seriesId: string, from: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('booking_segments')
    .select('resource_id')
    .distinct()
    .where('account_id', '=', scope.accountId)
    .where('booking_id', 'in', liveOccurrencesFrom(db, scope, seriesId, from).select('id'))
    .execute();
  return rows.map((r) => r.resource_id);
}

/**
 * Generated occurrences of a series that a change may cancel: pending or confirmed, made by
 * the series (an occurrence_key; a hand reschedule's new booking has none), starting at or
 * after `from`. Row-locked, in id order, after the resource locks (the one lock order).
 */
export function cancellableOccurrences(trx: Trx, scope: AccountScope, _locks: ResourceLocks, seriesId: string, from: Date) {
  return liveOccurrencesFrom(trx, scope, seriesId, from).selectAll().orderBy('id').forUpdate().execute();
}

/** Cancels occurrences on behalf of their series (they may be generated again later). */
export function cancelOccurrenceRows(trx: Trx, scope: AccountScope, ids: string[], reason: string, now: Date) {
  if (ids.length === 0) return Promise.resolve([]);
  return trx
    .updateTable('bookings')
    .set({ status: 'cancelled', cancelled_at: now, cancellation_reason: reason, cancelled_by_series: true, expires_at: null, updated_at: now })
    .where('account_id', '=', scope.accountId)
    .where(sql<boolean>`id = any(${ids}::text[])`)
    .returningAll()
    .execute();
}

/**
 * Declines the given requested bookings whose approval timed out (docs/policies.md#approval),
 * for the expiry worker; returns them as written.
 */
export function declineTimedOutRequests(trx: Trx, scope: AccountScope, ids: string[], now: Date): Promise<BookingRow[]> {
  return trx
    .updateTable('bookings')
    .set({ status: 'cancelled', cancellation_reason: 'approval_timeout', cancelled_at: now, updated_at: now })
    .where('account_id', '=', scope.accountId)
    .where('id', 'in', ids)
    .where('status', '=', 'requested')
    .returningAll()
    .execute();
}

/** The class of the advisory locks that make payments of one reference take turns (any constant). */
const PAYMENT_REFERENCE_LOCK_CLASS = 7_240_320;

/**
 * Makes payments of the same `(provider, reference)` in the account take turns until the
 * transaction ends (a transaction-scoped advisory lock; on a cluster, taken on the
 * coordinator), so that two bookings racing with one reference cannot both record it: the
 * second then finds it with `bookingWithPayment`. Taken after the booking's own locks; it is
 * the last lock a payment takes, so it closes no cycle.
 */
export async function lockPaymentReference(trx: Trx, scope: AccountScope, provider: string, reference: string): Promise<void> {
  const key = JSON.stringify([scope.accountId, provider, reference]);
  await sql`select pg_advisory_xact_lock(${PAYMENT_REFERENCE_LOCK_CLASS}::int, hashtext(${key}::text))`.execute(trx);
}

/**
 * The account's booking holding the payment `(provider, reference)` (docs/policies.md#deposits),
 * if any: a reference is one payment, recorded on one booking only. By containment, through
 * the index `bookings_payments` of migration 020.
 */
export async function bookingWithPayment(db: DbHandle, scope: AccountScope, provider: string, reference: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('bookings')
    .select('id')
    .where('account_id', '=', scope.accountId)
    .where(sql<boolean>`payments <> '[]'::jsonb and payments @> ${json([{ provider, reference }])}::jsonb`)
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
