import type { DbHandle } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import type { PageParams } from '../../db/pagination.js';
import { resourcesTable, type ResourceRow } from '../../capacity/index.js';

export type { ResourceRow };
/** Resource rows. A resource's row lock IS its resource lock: take it with capacity's lockResource. */
export const resources = resourcesTable;

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

/** The resources of these ids (a page that names what a booking uses). */
export function resourcesByIds(db: DbHandle, scope: AccountScope, ids: string[]): Promise<ResourceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return resources.select(db, scope).where('id', 'in', ids).execute();
}
