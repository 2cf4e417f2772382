/** The rows the expiry worker claims and writes. */
import type { Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import type { Row } from '../../db/schema.js';

export const EXPIRY_BATCH = 100;

export async function scopesOf(trx: Trx, accountIds: string[]): Promise<Map<string, AccountScope>> {
  if (accountIds.length === 0) return new Map();
  const rows = await trx.selectFrom('accounts').select(['id', 'platform_id', 'livemode']).where('id', 'in', [...new Set(accountIds)]).execute();
  return new Map(rows.map((r) => [r.id, { accountId: r.id, platformId: r.platform_id, livemode: r.livemode }]));
}

/** Pending rows of `table` past expires_at, claimed so that other processes skip them. */
export function claimExpired(trx: Trx, table: 'bookings' | 'attendees', now: Date) {
  return trx
    .selectFrom(table)
    .select(['account_id', 'id'])
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(EXPIRY_BATCH)
    .forUpdate()
    .skipLocked()
    .execute();
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
