/**
 * The reads other features make of bookings and their segments: a returning customer's latest
 * booking, and the checks that keep a booked resource or location from being deleted (the
 * bookings API's list is booking-list.repository.ts, a resource's calendar feed
 * feed-bookings.repository.ts). Capacity owns these tables (bookings.repository.ts holds its
 * writer's SQL); the features ask through capacity/index.ts and keep their own rules (parsing,
 * errors, shapes).
 */
import { sql } from 'kysely';
import type { DbHandle, Trx } from '../db/transaction.js';
import type { AccountScope } from '../tenancy/index.js';
import type { PreviousBooking } from '../core/availability/types.js';

/** Any booking, past or future, in any state, keeps a resource from being deleted. */
export async function resourceHasBookings(trx: Trx, scope: AccountScope, resourceId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('booking_segments')
    .select('booking_id')
    .where('account_id', '=', scope.accountId)
    .where('resource_id', '=', resourceId)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** A booking with a segment at the location that has not ended (a location in use), or null. */
export async function futureBookingAtLocation(trx: Trx, scope: AccountScope, locationId: string, now: Date): Promise<string | null> {
  const segment = await trx
    .selectFrom('booking_segments')
    .select('booking_id')
    .where('account_id', '=', scope.accountId)
    .where('location_id', '=', locationId)
    .where('end_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return segment?.booking_id ?? null;
}

/**
 * A returning customer's latest completed or confirmed booking (docs/bookings.md#returning-customers):
 * the one with the latest start (then the latest id), with the resources of its segments in
 * order; null when the customer has none. One entry of bookings_customer_latest (migration
 * 021, whose predicate this is word for word) and that booking's segments, on the account's shard.
 */
export async function latestBookingOfCustomer(db: DbHandle, scope: AccountScope, customerReference: string): Promise<PreviousBooking | null> {
  const result = await sql<{ id: string; resources: string[] }>`
    select b.id,
      (select coalesce(json_agg(s.resource_id order by s.position), '[]')
         from booking_segments s
        where s.account_id = ${scope.accountId} and s.booking_id = b.id) as resources
      from bookings b
     where b.account_id = ${scope.accountId}
       and b.customer_reference = ${customerReference}
       and b.customer_reference is not null and b.status in ('confirmed', 'completed')
     order by b.start_at desc, b.id desc
     limit 1`.execute(db);
  const row = result.rows[0];
  if (!row) return null;
  const resources = typeof row.resources === 'string' ? (JSON.parse(row.resources) as string[]) : row.resources;
  return { booking: row.id, resources: [...new Set(resources)] };
}
