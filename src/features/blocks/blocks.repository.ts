import type { DbHandle } from '../../db/transaction.js';
import type { Row } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import type { PageParams } from '../../db/pagination.js';
import { accountTable } from '../../db/account-table.js';
import type { ResourceLocks } from '../../capacity/index.js';

export type BlockRow = Row<'blocks'>;

export interface BlockFilters {
  resource?: string;
  location?: string;
  account_wide?: boolean;
  /** Blocks overlapping [from, to): end after from, start before to. */
  from?: Date;
  to?: Date;
}

/** Block rows; a row lock comes after the resource locks it touches (capacity/locks.ts). */
export const blocks = accountTable<'blocks', [ResourceLocks]>('blocks');

export function listBlocks(db: DbHandle, scope: AccountScope, filters: BlockFilters, page: PageParams, metadata: Record<string, string>) {
  return blocks.list(db, scope, page, metadata, (q) => {
    if (filters.resource !== undefined) q = q.where('resource_id', '=', filters.resource);
    if (filters.location !== undefined) q = q.where('location_id', '=', filters.location);
    if (filters.account_wide !== undefined) q = q.where('account_wide', '=', filters.account_wide);
    if (filters.from !== undefined) q = q.where('end_at', '>', filters.from);
    if (filters.to !== undefined) q = q.where('start_at', '<', filters.to);
    return q;
  });
}

/** A block at this location (the location-in-use check), if any. */
export async function blockAtLocation(db: DbHandle, scope: AccountScope, locationId: string): Promise<string | undefined> {
  const row = await db.selectFrom('blocks').select('id').where('account_id', '=', scope.accountId).where('location_id', '=', locationId).limit(1).executeTakeFirst();
  return row?.id;
}
