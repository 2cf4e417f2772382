import { sql } from 'kysely';
import type { DbHandle } from '../../db/transaction.js';
import type { Row } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import type { PageParams } from '../../db/pagination.js';
import { accountTable } from '../../db/account-table.js';
import type { ResourceLocks } from '../../capacity/index.js';

export type ScheduleRow = Row<'schedules'>;

/** Schedule rows; a row lock comes after its resource's lock (capacity/locks.ts). */
export const schedules = accountTable<'schedules', [ResourceLocks]>('schedules');

export function listSchedules(db: DbHandle, scope: AccountScope, filters: { resource?: string }, page: PageParams, metadata: Record<string, string>) {
  return schedules.list(db, scope, page, metadata, (q) => (filters.resource !== undefined ? q.where('resource_id', '=', filters.resource) : q));
}

/** A schedule whose intervals name this location (the location-in-use check), if any. */
export async function scheduleAtLocation(db: DbHandle, scope: AccountScope, locationId: string): Promise<string | undefined> {
  // Schedule intervals keep location ids inside jsonb; a text search is enough for this rare check.
  const needle = `%"${locationId}"%`;
  const row = await db.selectFrom('schedules').select('id').where('account_id', '=', scope.accountId).where(sql<boolean>`weeks::text like ${needle}`).limit(1).executeTakeFirst();
  return row?.id;
}
