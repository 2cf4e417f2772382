import { sql } from 'kysely';
import type { DbHandle, Trx } from '../../db/transaction.js';
import type { Row } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import type { PageParams } from '../../db/pagination.js';
import { accountTable } from '../../db/account-table.js';
import type { ResourceLocks } from '../../capacity/index.js';

export type OverrideRow = Row<'schedule_overrides'>;

export interface OverrideFilters {
  resource?: string;
  from_date?: string;
  to_date?: string;
}

/** Override rows; a row lock comes after its resource's lock (capacity/locks.ts). */
export const overrides = accountTable<'schedule_overrides', [ResourceLocks]>('schedule_overrides');

export function findOverrideOn(trx: Trx, scope: AccountScope, resourceId: string, date: string) {
  return overrides.select(trx, scope).where('resource_id', '=', resourceId).where('date', '=', date).executeTakeFirst();
}

/** from_date/to_date are inclusive bounds on the override's date. */
export function listOverrides(db: DbHandle, scope: AccountScope, filters: OverrideFilters, page: PageParams, metadata: Record<string, string>) {
  return overrides.list(db, scope, page, metadata, (q) => {
    if (filters.resource !== undefined) q = q.where('resource_id', '=', filters.resource);
    if (filters.from_date !== undefined) q = q.where('date', '>=', filters.from_date);
    if (filters.to_date !== undefined) q = q.where('date', '<=', filters.to_date);
    return q;
  });
}

/** An override whose intervals name this location (the location-in-use check), if any. */
export async function overrideAtLocation(db: DbHandle, scope: AccountScope, locationId: string): Promise<string | undefined> {
  // Override intervals keep location ids inside jsonb; a text search is enough for this rare check.
  const needle = `%"${locationId}"%`;
  const row = await db.selectFrom('schedule_overrides').select('id').where('account_id', '=', scope.accountId).where(sql<boolean>`intervals::text like ${needle}`).limit(1).executeTakeFirst();
  return row?.id;
}
