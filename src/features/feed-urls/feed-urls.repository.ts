/** All SQL of calendar feeds: the feed URLs of a resource, and the bookings a feed shows. */
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

export interface FeedBookingRow {
  id: string;
  status: string;
  start_at: Date;
  end_at: Date;
  revision: number;
  seats: number | null;
  metadata: Record<string, string>;
  cancellation_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * The bookings a feed shows for one resource: confirmed ones (and their later states,
 * completed and no_show), and cancelled ones that had been confirmed. Start and end are those
 * of the booking's segments on this resource.
 */
export async function feedBookings(
  db: DbHandle,
  accountId: string,
  resourceId: string,
  window: { from: Date; to: Date },
  limit: number,
): Promise<FeedBookingRow[]> {
  const rows = await db
    .selectFrom('bookings as b')
    .innerJoin('booking_segments as s', (join) => join.onRef('s.account_id', '=', 'b.account_id').onRef('s.booking_id', '=', 'b.id'))
    .select((eb) => [
      'b.id',
      'b.status',
      'b.revision',
      'b.seats',
      'b.metadata',
      'b.cancellation_reason',
      'b.created_at',
      'b.updated_at',
      eb.fn.min('s.start_at').as('start_at'),
      eb.fn.max('s.end_at').as('end_at'),
    ])
    .where('b.account_id', '=', accountId)
    .where('s.resource_id', '=', resourceId)
    .where('s.end_at', '>', window.from)
    .where('s.start_at', '<', window.to)
    .where((eb) =>
      eb.or([
        eb('b.status', 'in', ['confirmed', 'completed', 'no_show']),
        eb.and([eb('b.status', '=', 'cancelled'), eb('b.confirmed_at', 'is not', null)]),
      ]),
    )
    // The primary key determines every other column of the booking.
    .groupBy(['b.account_id', 'b.id'])
    .orderBy('start_at')
    .orderBy('b.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, start_at: new Date(r.start_at as Date), end_at: new Date(r.end_at as Date) })) as FeedBookingRow[];
}
