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
