/**
 * GET /v1/bookings: every filter of docs/bookings.md#listing, three orders, and cursors that work in
 * each order. Cursors stay plain booking ids (docs/api-conventions.md#lists); for the start orders the
 * cursor's (start, id) pair is looked up and compared as a row value.
 */
import { sql } from 'kysely';
import type { DbHandle } from '../../db/transaction.js';
import type { BookingStatus } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import { accountTimezone } from '../../tenancy/accounts.repository.js';
import { invalid } from '../../lib/errors.js';
import { assertOneCursor, listPage, whereMetadata, type PageParams } from '../../db/pagination.js';
import { isValidTimeZone } from '../../lib/timezone.js';
import { addDays, localToInstant } from '../../core/time/wall-time.js';
import { instant } from './bookings.input.js';
import { pendingAndLapsed, pendingAndLive, type BookingRow } from '../../capacity/index.js';

const LAST_DATE = '9999-12-31';

export type BookingOrder = 'created' | 'start' | '-start';

export interface BookingFilters {
  status?: BookingStatus;
  resource?: string;
  location?: string;
  series?: string;
  from?: string;
  to?: string;
  from_date?: string;
  to_date?: string;
  timezone?: string;
  conflicted?: boolean;
  order?: BookingOrder;
}


export async function listBookingRows(
  db: DbHandle,
  scope: AccountScope,
  f: BookingFilters,
  page: PageParams,
  metadata: Record<string, string>,
  now: Date,
): Promise<{ rows: BookingRow[]; hasMore: boolean }> {
  assertOneCursor(page);
  let q = db.selectFrom('bookings as b').selectAll('b').where('b.account_id', '=', scope.accountId);

  // Status is the effective one: a pending booking past expires_at is listed as expired.
  if (f.status === 'pending') {
    q = q.where(pendingAndLive('b', now));
  } else if (f.status === 'expired') {
    q = q.where((eb) => eb.or([eb('b.status', '=', 'expired'), pendingAndLapsed('b', now)]));
  } else if (f.status !== undefined) {
    q = q.where('b.status', '=', f.status);
  }
  for (const [column, value] of [['resource_id', f.resource], ['location_id', f.location]] as const) {
    if (value === undefined) continue;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('booking_segments as s')
          .select(sql`1`.as('one'))
          .whereRef('s.account_id', '=', 'b.account_id')
          .whereRef('s.booking_id', '=', 'b.id')
          .where(`s.${column}`, '=', value),
      ),
    );
  }
  if (f.series !== undefined) q = q.where('b.series_id', '=', f.series);
  if (f.conflicted !== undefined) q = q.where('b.conflicted', '=', f.conflicted);

  const from = f.from !== undefined ? instant(f.from, 'from') : null;
  const to = f.to !== undefined ? instant(f.to, 'to') : null;
  if (from !== null && to !== null && to <= from) throw invalid('to', 'Invalid to: must be after from.');
  if (from !== null) q = q.where('b.end_at', '>', new Date(from));
  if (to !== null) q = q.where('b.start_at', '<', new Date(to));

  if (f.from_date !== undefined || f.to_date !== undefined || f.timezone !== undefined) {
    if (f.timezone !== undefined && !isValidTimeZone(f.timezone)) {
      throw invalid('timezone', `'${f.timezone}' is not an IANA time zone name.`);
    }
    if (f.from_date !== undefined && f.to_date !== undefined && f.to_date < f.from_date) {
      throw invalid('to_date', 'Invalid to_date: must be on or after from_date.');
    }
    const tz = f.timezone ?? (await accountTimezone(db, scope))!;
    // Local dates are whole days: from_date's midnight to the midnight after to_date.
    if (f.from_date !== undefined) q = q.where('b.end_at', '>', new Date(localToInstant(f.from_date, 0, tz)));
    // After 9999-12-31 there is no next midnight (nor any booking): no upper bound then.
    if (f.to_date !== undefined && f.to_date < LAST_DATE) q = q.where('b.start_at', '<', new Date(localToInstant(addDays(f.to_date, 1), 0, tz)));
  }
  q = whereMetadata(q, 'b.metadata', metadata);

  const order = f.order ?? 'created';
  if (order === 'created') return listPage(q, 'b.id', page);

  const limit = page.limit ?? 20;
  const asc = order === 'start';
  const cursorId = page.starting_after ?? page.ending_before;
  if (cursorId !== undefined) {
    const param = page.starting_after !== undefined ? 'starting_after' : 'ending_before';
    const cursor = await db
      .selectFrom('bookings')
      .select(['id', 'start_at'])
      .where('account_id', '=', scope.accountId)
      .where('id', '=', cursorId)
      .executeTakeFirst();
    if (!cursor) throw invalid(param, `Invalid ${param}: no booking '${cursorId}' to page from.`);
    // "after" in the list's order; ending_before walks the other way and is reversed below.
    const forward = page.starting_after !== undefined;
    const greater = asc === forward;
    const cmp = sql<boolean>`(b.start_at, b.id) ${sql.raw(greater ? '>' : '<')} (${cursor.start_at}, ${cursor.id})`;
    q = q.where(cmp);
  }
  const backward = page.ending_before !== undefined;
  const dir = asc !== backward ? 'asc' : 'desc';
  const rows = await q.orderBy('b.start_at', dir).orderBy('b.id', dir).limit(limit + 1).execute();
  const pageRows = rows.slice(0, limit);
  return { rows: backward ? pageRows.reverse() : pageRows, hasMore: rows.length > limit };
}
