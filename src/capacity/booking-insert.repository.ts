/** A new booking's row and segments, written in one statement whose text is written once per number of segments. */
import { CompiledQuery } from 'kysely';
import { json, type Trx } from '../db/transaction.js';
import { SENT_WITH_NEXT_TEXT } from '../db/sent-with-next.js';
import type { BookingRow, SegmentRow } from './bookings.repository.js';

/**
 * Writes a booking and its segments in ONE statement: the booking's insert as a common table
 * expression, then the segments'. PostgreSQL checks the foreign key at the end of the statement; Citus runs
 * each modifying expression as a step of its own, in the order written, so the booking must
 * come before its segments (docs/scaling.md).
 * Each segment carries a copy of the booking's status and expires_at (migration 011: a
 * trigger keeps them in step from then on), so that held time is read from the segments
 * alone (facts.repository.ts).
 *
 * The caller gives every column (`BookingRow`, `SegmentRow`: none is left to a default), so
 * the rows written are the caller's own values and nothing needs to come back: the statement
 * reads no answer, and on PostgreSQL it goes to the server in the round trip of the statement
 * after it (src/db/sent-with-next.ts): for a new booking, with its event and the usage counters,
 * in COMMIT's (docs/performance.md, "Round trips"). test/api/booking-rows.test.ts holds the rows
 * to the table. Its text depends only on the number of segments, so it is written once per
 * number, not built by kysely at every booking (two fifths of the statement building a booking
 * paid kysely for).
 */
export async function insertBookingWithSegments(trx: Trx, booking: BookingRow, segments: readonly SegmentRow[]): Promise<void> {
  const values: unknown[] = [];
  for (const column of BOOKING_COLUMNS) values.push(JSON_COLUMNS.has(column) ? jsonOrNull(booking[column]) : booking[column]);
  for (const segment of segments) for (const column of SEGMENT_COLUMNS) values.push(segment[column]);
  await trx.executeQuery(CompiledQuery.raw(insertText(segments.length), values));
}

/** Every column of a booking, in the order of the insert's values. */
const BOOKING_COLUMNS = [
  'account_id', 'id', 'livemode', 'status', 'expires_at', 'start_at', 'end_at', 'seats', 'conflict_policy', 'conflicted',
  'conflicts', 'series_id', 'occurrence_key', 'cancelled_by_series', 'replaces', 'replaced_by', 'cancellation_reason',
  'confirmed_at', 'cancelled_at', 'metadata', 'created_at', 'updated_at', 'revision', 'waitlist_limit', 'waitlist_hold_minutes',
  'policy_overrides', 'charges', 'deposit', 'payment_status', 'payments', 'refunds', 'customer_reference', 'customer_name',
  'customer_email', 'customer_phone', 'customer_locale', 'customer_time_zone',
] as const satisfies readonly (keyof BookingRow)[];
const SEGMENT_COLUMNS = [
  'account_id', 'booking_id', 'position', 'resource_id', 'location_id', 'location_requested', 'start_at', 'end_at',
  'held_start', 'held_end', 'quantity', 'buffer_before_minutes', 'buffer_after_minutes', 'booking_status', 'booking_expires_at',
] as const satisfies readonly (keyof SegmentRow)[];
// A column added to a table and not to its list above fails to compile here.
const everyBookingColumn: [Exclude<keyof BookingRow, (typeof BOOKING_COLUMNS)[number]>] extends [never] ? true : never = true;
const everySegmentColumn: [Exclude<keyof SegmentRow, (typeof SEGMENT_COLUMNS)[number]>] extends [never] ? true : never = true;
void everyBookingColumn;
void everySegmentColumn;

/** The booking's JSON columns: sent as text (a JavaScript array would be sent as a PostgreSQL array). */
const JSON_COLUMNS: ReadonlySet<string> = new Set(['conflicts', 'metadata', 'policy_overrides', 'charges', 'deposit', 'payments', 'refunds']);
const jsonOrNull = (value: unknown) => (value === null ? null : json(value));

/** The insert's text for a number of segments, written once per number. */
const insertTexts: string[] = [];
function insertText(segmentCount: number): string {
  let text = insertTexts[segmentCount];
  if (text === undefined) {
    let n = 0;
    const placeholders = (count: number) => `(${Array.from({ length: count }, () => `$${++n}`).join(', ')})`;
    const booking = placeholders(BOOKING_COLUMNS.length);
    const segments = Array.from({ length: segmentCount }, () => placeholders(SEGMENT_COLUMNS.length)).join(', ');
    text = insertTexts[segmentCount] =
      `with booking as (insert into bookings (${BOOKING_COLUMNS.join(', ')}) values ${booking}) ` +
      `insert into booking_segments (${SEGMENT_COLUMNS.join(', ')}) values ${segments} ${SENT_WITH_NEXT_TEXT}`;
  }
  return text;
}
