import type { DbHandle, Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import type { PageParams } from '../../db/pagination.js';
import { resourcesTable, type ResourceRow } from '../../capacity/index.js';

export type { ResourceRow };
/** Resource rows. A resource's row lock IS its resource lock: take it with capacity's lockResource. */
export const resources = resourcesTable;

/** Any booking, past or future, in any state, keeps a resource from being deleted. */
export async function resourceHasBookings(trx: Trx, scope: AccountScope, id: string): Promise<boolean> {
  const row = await trx
    .selectFrom('booking_segments')
    .select('booking_id')
    .where('account_id', '=', scope.accountId)
    .where('resource_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export interface ResourceFilters {
  type?: string;
  status?: 'active' | 'archived';
  default_location?: string;
}

export function listResources(db: DbHandle, scope: AccountScope, filters: ResourceFilters, page: PageParams, metadata: Record<string, string>) {
  return resources.list(db, scope, page, metadata, (q) => {
    if (filters.type !== undefined) q = q.where('type', '=', filters.type);
    if (filters.status !== undefined) q = q.where('status', '=', filters.status);
    if (filters.default_location !== undefined) q = q.where('default_location', '=', filters.default_location);
    return q;
  });
}
