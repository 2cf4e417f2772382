/**
 * GET /v1/bookings (docs/bookings.md#listing): the query's filters checked and turned into
 * instants here, in the order the errors are reported; capacity's listBookingRows runs the
 * query (bookings are capacity's table).
 */
import type { DbHandle } from '../../db/transaction.js';
import type { BookingStatus } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import { accountTimezone } from '../../tenancy/accounts.repository.js';
import { invalid } from '../../lib/errors.js';
import { POLICIES_VERSION } from '../../lib/api-versions.js';
import { assertOneCursor, type PageParams } from '../../db/pagination.js';
import { isValidTimeZone } from '../../lib/timezone.js';
import { addDays, localToInstant } from '../../core/time/wall-time.js';
import { instant } from './bookings.input.js';
import { listBookingRows, type BookingOrder, type BookingRow } from '../../capacity/index.js';

const LAST_DATE = '9999-12-31';

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
  'customer.reference'?: string;
  /** Not a query parameter: the client reads `requested` as `pending` (pinned before 2027-02-01). */
  requestedAsPending?: boolean;
}

export async function listBookings(
  db: DbHandle,
  scope: AccountScope,
  f: BookingFilters,
  page: PageParams,
  metadata: Record<string, string>,
  now: Date,
): Promise<{ rows: BookingRow[]; hasMore: boolean }> {
  assertOneCursor(page);
  if (f.requestedAsPending && f.status === 'requested') {
    throw invalid(
      'status',
      `Invalid status: 'requested' arrived in API version ${POLICIES_VERSION}, after this request's; a booking waiting for approval reads as pending in it, and status=pending lists it.`,
    );
  }
  const from = f.from !== undefined ? instant(f.from, 'from') : null;
  const to = f.to !== undefined ? instant(f.to, 'to') : null;
  if (from !== null && to !== null && to <= from) throw invalid('to', 'Invalid to: must be after from.');

  let fromMidnight: Date | null = null;
  let toMidnight: Date | null = null;
  if (f.from_date !== undefined || f.to_date !== undefined || f.timezone !== undefined) {
    if (f.timezone !== undefined && !isValidTimeZone(f.timezone)) {
      throw invalid('timezone', `'${f.timezone}' is not an IANA time zone name.`);
    }
    if (f.from_date !== undefined && f.to_date !== undefined && f.to_date < f.from_date) {
      throw invalid('to_date', 'Invalid to_date: must be on or after from_date.');
    }
    const tz = f.timezone ?? (await accountTimezone(db, scope))!;
    // Local dates are whole days: from_date's midnight to the midnight after to_date.
    if (f.from_date !== undefined) fromMidnight = new Date(localToInstant(f.from_date, 0, tz));
    // After 9999-12-31 there is no next midnight (nor any booking): no upper bound then.
    if (f.to_date !== undefined && f.to_date < LAST_DATE) toMidnight = new Date(localToInstant(addDays(f.to_date, 1), 0, tz));
  }
  const filters = {
    status: f.status,
    requestedAsPending: f.requestedAsPending,
    resource: f.resource,
    location: f.location,
    series: f.series,
    conflicted: f.conflicted,
    customerReference: f['customer.reference'],
    from: from !== null ? new Date(from) : null,
    to: to !== null ? new Date(to) : null,
    fromMidnight,
    toMidnight,
    order: f.order ?? 'created',
  };
  return listBookingRows(db, scope, filters, page, metadata, now);
}
