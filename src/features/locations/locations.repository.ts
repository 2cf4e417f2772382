import { sql } from 'kysely';
import type { DbHandle, Trx } from '../../db/transaction.js';
import type { Row } from '../../db/schema.js';
import { accountTable } from '../../db/account-table.js';
import type { AccountScope } from '../../tenancy/index.js';
import type { PageParams } from '../../db/pagination.js';
import { futureBookingAtLocation } from '../../capacity/index.js';

export type LocationRow = Row<'locations'>;

export const locations = accountTable('locations');

/** What still points at a location: resources, blocks, schedules, overrides, future booking segments. */
export async function locationUsedBy(trx: Trx, scope: AccountScope, id: string, now: Date): Promise<string | null> {
  const a = scope.accountId;
  const resource = await trx.selectFrom('resources').select('id').where('account_id', '=', a).where('default_location', '=', id).limit(1).executeTakeFirst();
  if (resource) return `resource ${resource.id} (default_location)`;
  const block = await trx.selectFrom('blocks').select('id').where('account_id', '=', a).where('location_id', '=', id).limit(1).executeTakeFirst();
  if (block) return `block ${block.id}`;
  // Schedule intervals keep location ids inside jsonb; a text search is enough for this rare check.
  const needle = `%"${id}"%`;
  const schedule = await trx.selectFrom('schedules').select('id').where('account_id', '=', a).where(sql<boolean>`weeks::text like ${needle}`).limit(1).executeTakeFirst();
  if (schedule) return `schedule ${schedule.id}`;
  const override = await trx.selectFrom('schedule_overrides').select('id').where('account_id', '=', a).where(sql<boolean>`intervals::text like ${needle}`).limit(1).executeTakeFirst();
  if (override) return `schedule override ${override.id}`;
  // Bookings are capacity's table: it answers for their segments.
  const booking = await futureBookingAtLocation(trx, scope, id, now);
  if (booking !== null) return `booking ${booking}`;
  return null;
}

export function listLocations(db: DbHandle, scope: AccountScope, page: PageParams, metadata: Record<string, string>) {
  return locations.list(db, scope, page, metadata);
}
