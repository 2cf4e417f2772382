/** The rows the expiry worker claims and writes. */
import { sql } from 'kysely';
import type { DbHandle, Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import type { Row } from '../../db/schema.js';

export const EXPIRY_BATCH = 100;

/** The states that lapse at expires_at: a pending hold expires, a request awaiting approval is declined. */
type Lapsing = 'pending' | 'requested';

/**
 * Accounts with pending rows of `table` past expires_at, those waiting longest first: a plain
 * read across accounts (no locks), the first step of a pass (src/workers/account-pass.ts).
 */
export async function accountsWithExpired(
  db: DbHandle,
  table: 'bookings' | 'attendees',
  now: Date,
  limit: number,
  status: Lapsing = 'pending',
): Promise<string[]> {
  const rows = await db
    .selectFrom(table as 'bookings')
    .select('account_id')
    .where('status', '=', status)
    .where('expires_at', '<=', now)
    .groupBy('account_id')
    .orderBy(sql`min(expires_at)`)
    .limit(limit)
    .execute();
  return rows.map((r) => r.account_id);
}

/**
 * When the next row of `table` in `status` lapses after `now` (null: none waits), read through
 * the same partial index on expires_at as accountsWithExpired: what an idle worker sleeps until.
 */
export async function nextExpiry(db: DbHandle, table: 'bookings' | 'attendees', now: Date, status: Lapsing = 'pending'): Promise<Date | null> {
  const row = await db
    .selectFrom(table as 'bookings')
    .select((eb) => eb.fn.min('expires_at').as('at'))
    .where('status', '=', status)
    .where('expires_at', 'is not', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

/** The account's pending rows of `table` past expires_at, claimed so that other processes skip them. */
export function claimExpired(trx: Trx, table: 'bookings' | 'attendees', scope: AccountScope, now: Date, status: Lapsing = 'pending') {
  return trx
    .selectFrom(table as 'bookings')
    .select('id')
    .where('account_id', '=', scope.accountId)
    .where('status', '=', status)
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(EXPIRY_BATCH)
    .forUpdate()
    .skipLocked()
    .execute()
    .then((rows) => rows.map((r) => r.id));
}

/** Marks the given pending rows expired; returns them as written. */
export function markExpired<T extends 'bookings' | 'attendees'>(trx: Trx, table: T, scope: AccountScope, ids: string[], now: Date) {
  return trx
    .updateTable(table as 'bookings')
    .set({ status: 'expired', updated_at: now })
    .where('account_id', '=', scope.accountId)
    .where('id', 'in', ids)
    .returningAll()
    .execute() as Promise<Row<T>[]>;
}

