/** The `locations` table. What still points at a location, each owner answers (locations.service.ts). */
import type { DbHandle } from '../../db/transaction.js';
import type { Row } from '../../db/schema.js';
import { accountTable } from '../../db/account-table.js';
import type { AccountScope } from '../../tenancy/index.js';
import type { PageParams } from '../../db/pagination.js';

export type LocationRow = Row<'locations'>;

export const locations = accountTable('locations');

export function listLocations(db: DbHandle, scope: AccountScope, page: PageParams, metadata: Record<string, string>) {
  return locations.list(db, scope, page, metadata);
}

/** The locations of these ids (a page that names where a booking takes place). */
export function locationsByIds(db: DbHandle, scope: AccountScope, ids: string[]): Promise<LocationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return locations.select(db, scope).where('id', 'in', ids).execute();
}
