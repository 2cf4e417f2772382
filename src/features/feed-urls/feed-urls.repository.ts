/**
 * All SQL of a resource's feed URLs. The bookings a feed shows are read from capacity, the
 * owner of the bookings (feedBookings, capacity/index.ts).
 */
import type { DbHandle, Trx } from '../../db/transaction.js';
import type { NewRow, Row } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import { listPage, type PageParams } from '../../db/pagination.js';

export type FeedUrlRow = Row<'resource_feed_urls'>;

export function insertFeed(trx: Trx, row: NewRow<'resource_feed_urls'>): Promise<FeedUrlRow> {
  return trx.insertInto('resource_feed_urls').values(row).returningAll().executeTakeFirstOrThrow();
}

export function listFeeds(db: DbHandle, scope: AccountScope, resourceId: string, page: PageParams) {
  const q = db
    .selectFrom('resource_feed_urls')
    .selectAll()
    .where('account_id', '=', scope.accountId)
    .where('resource_id', '=', resourceId);
  return listPage(q, 'id', page);
}

export async function deleteFeed(trx: Trx, scope: AccountScope, resourceId: string, id: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('resource_feed_urls')
    .where('account_id', '=', scope.accountId)
    .where('resource_id', '=', resourceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function findFeedByToken(db: DbHandle, accountId: string, tokenHash: string) {
  return db
    .selectFrom('resource_feed_urls')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}
