/**
 * A customer's personal data on bookings and attendees (docs/privacy.md): erasure of one
 * customer, and the personal-data retention of bookings that have ended. Only the customer
 * columns change: ids, times, segments and status stay, so held time and usage do not move.
 */
import { sql } from 'kysely';
import type { DbHandle, Trx } from '../db/transaction.js';
import type { AccountScope } from '../tenancy/index.js';
import type { ResourceLocks } from './locks.js';
import { anyOf } from './bookings.repository.js';
import { ERASED_CUSTOMER, ERASED_REFERENCE, type CustomerMatch } from './customer.js';

/** Rows of `bookings` or `attendees` that carry this customer (by reference or, whatever its case, email) and are not erased yet. */
function carriesCustomer(match: CustomerMatch) {
  const tests = [];
  if (match.reference !== undefined) tests.push(sql<boolean>`customer_reference = ${match.reference}`);
  if (match.email !== undefined) tests.push(sql<boolean>`lower(customer_email) = ${match.email.toLowerCase()}`);
  return sql<boolean>`(${sql.join(tests, sql` or `)}) and customer_reference <> ${ERASED_REFERENCE}`;
}

/**
 * Replaces the customer of up to `limit` of the account's bookings that carry it with the
 * tombstone (docs/privacy.md#erasure); returns how many. Only the customer columns change:
 * ids, times, segments and status stay, so held time and usage do not move. Row locks come
 * after the resource locks (none: no time changes).
 */
export async function eraseCustomerOfBookings(trx: Trx, scope: AccountScope, _locks: ResourceLocks, match: CustomerMatch, now: Date, limit: number): Promise<number> {
  const rows = await trx
    .selectFrom('bookings')
    .select('id')
    .where('account_id', '=', scope.accountId)
    .where(carriesCustomer(match))
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .execute();
  await tombstoneCustomerOf(trx, scope, rows, now);
  return rows.length;
}

/** Writes the tombstone over the customer of these bookings (locked by the caller). */
async function tombstoneCustomerOf(trx: Trx, scope: AccountScope, rows: readonly { id: string }[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await trx.updateTable('bookings').set({ ...ERASED_CUSTOMER, updated_at: now }).where('account_id', '=', scope.accountId).where(anyOf('id', rows.map((r) => r.id))).execute();
}

/** Bookings that still carry a customer and ended before `cutoff`: the personal-data retention's due rows. */
function personalDataEndedBefore(cutoff: Date) {
  return sql<boolean>`customer_reference is not null and customer_reference <> ${ERASED_REFERENCE} and end_at < ${cutoff}::timestamptz`;
}

/** Of these accounts, those with bookings or attendees whose customer is kept past `cutoff` (a plain read; at most `limit`). */
export async function accountsWithPersonalDataBefore(db: DbHandle, accountIds: readonly string[], cutoff: Date, limit: number): Promise<string[]> {
  if (accountIds.length === 0) return [];
  const rows = await sql<{ account_id: string }>`
    select account_id from bookings where ${anyOf('account_id', accountIds)} and ${personalDataEndedBefore(cutoff)}
    union
    select a.account_id from attendees a join bookings b on b.account_id = a.account_id and b.id = a.booking_id
      where ${anyOf('a.account_id', accountIds)} and a.customer_reference is not null and a.customer_reference <> ${ERASED_REFERENCE} and b.end_at < ${cutoff}::timestamptz
    limit ${limit}`.execute(db);
  return rows.rows.map((r) => r.account_id);
}

/**
 * The personal-data retention of one account (docs/privacy.md#retention): the customer of up to
 * `limit` bookings that ended before `cutoff`, and of up to `limit` attendees of such bookings,
 * becomes the tombstone. Rows another process holds are skipped (SKIP LOCKED). Returns how many.
 */
export async function erasePersonalDataEndedBefore(
  trx: Trx,
  scope: AccountScope,
  _locks: ResourceLocks,
  cutoff: Date,
  now: Date,
  limit: number,
): Promise<{ bookings: number; attendees: number }> {
  const bookings = await trx
    .selectFrom('bookings')
    .select('id')
    .where('account_id', '=', scope.accountId)
    .where(personalDataEndedBefore(cutoff))
    .orderBy('end_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  await tombstoneCustomerOf(trx, scope, bookings, now);
  // Attendees end with their booking: one statement reads both, pinned to the account.
  const attendees = await sql<{ id: string }>`
    update attendees set customer_reference = ${ERASED_REFERENCE}, customer_name = null, customer_email = null, customer_phone = null,
      customer_locale = null, customer_time_zone = null, updated_at = ${now}::timestamptz
    where account_id = ${scope.accountId} and id in (
      select a.id from attendees a join bookings b on b.account_id = a.account_id and b.id = a.booking_id
      where a.account_id = ${scope.accountId} and a.customer_reference is not null and a.customer_reference <> ${ERASED_REFERENCE}
        and b.end_at < ${cutoff}::timestamptz
      order by a.id limit ${limit} for update of a skip locked)
    returning id`.execute(trx);
  return { bookings: bookings.length, attendees: attendees.rows.length };
}
