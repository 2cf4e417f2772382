import { sql } from 'kysely';
import type { Trx } from '../db/transaction.js';
import { json } from '../db/transaction.js';
import { sentWithNext } from '../db/sent-with-next.js';
import { usageMeter } from '../metering/index.js';
import { newId, ID_PREFIX } from '../lib/ids.js';
import { EVENT_TYPE_SINCE } from '../lib/event-type-versions.js';
import type { NewRow } from '../db/schema.js';

/**
 * Which endpoints subscribe to `type`: by their `enabled_events`, and for a type newer than an
 * endpoint's api_version, by the type that version knew it as, if any (docs/waitlists.md#older-api-versions).
 */
function subscribes(type: string) {
  const byFilters = (t: string) => sql.join(filtersMatching(t).map((f) => sql`e.enabled_events @> ${json([f])}::jsonb`), sql` or `);
  const since = EVENT_TYPE_SINCE[type];
  if (!since) return sql`(${byFilters(type)})`;
  const older = since.before ? sql`(e.api_version < ${since.since} and (${byFilters(since.before)}))` : sql`false`;
  return sql`((e.api_version >= ${since.since} and (${byFilters(type)})) or ${older})`;
}

export interface RecordedEvent {
  id: string;
  platformId: string;
  livemode: boolean;
  accountId: string | null;
  type: string;
  createdAt: Date;
}

/**
 * The `enabled_events` entries that select `type`: `*`, its object prefix (`booking.*`) and
 * the type itself. Entries are validated against the catalogue on write, so these three are
 * the only ones that can match (`eventMatches` in catalogue.ts is the same rule in JS).
 */
export function filtersMatching(type: string): string[] {
  const dot = type.indexOf('.');
  return dot > 0 ? ['*', `${type.slice(0, dot)}.*`, type] : ['*', type];
}

/**
 * The delivery rows of an event, one for every enabled webhook endpoint that subscribes to
 * it: an INSERT … SELECT, whatever the number of endpoints. Delivery ids are built in SQL:
 * the time part of a fresh `wd_` id (so ids still sort by creation time) followed by 16
 * random hex digits (hex digits are part of the id alphabet). The first attempt is due at
 * once; disabled endpoints get nothing (docs/webhooks.md#endpoint-health-and-automatic-disabling).
 */
function insertDeliveries(event: RecordedEvent) {
  const idHead = newId(ID_PREFIX.webhookDelivery, event.createdAt.getTime()).slice(0, ID_PREFIX.webhookDelivery.length + 11);
  return sql`
    insert into webhook_deliveries
      (platform_id, id, livemode, event_id, event_type, endpoint_id, status, attempts, next_attempt_at, recent_attempts, created_at)
    select e.platform_id, ${idHead}::text || substr(replace(gen_random_uuid()::text, '-', ''), 1, 16), e.livemode,
           ${event.id}::text, ${event.type}::text, e.id, 'pending', 0, ${event.createdAt}::timestamptz, '[]'::jsonb,
           ${event.createdAt}::timestamptz
    from webhook_endpoints e
    where e.platform_id = ${event.platformId}
      and e.livemode = ${event.livemode}
      and e.status = 'enabled'
      and ${subscribes(event.type)}`;
}

/**
 * Writes an event, its delivery rows and their count in the usage counters in ONE statement
 * (the event's insert and the deliveries' are common table expressions of the counters'
 * upsert: docs/usage.md). Every change records an event, so this is one statement less for
 * every write. Nothing of it is read back, so on PostgreSQL it travels with the statement
 * after it (src/db/sent-with-next.ts): a booking's insert, its event and its usage counters
 * reach the server with COMMIT (docs/performance.md, "Round trips"). Events and deliveries are
 * the platform's, one shard under Citus; the counters the account's, a step of their own.
 */
export async function insertEventWithDeliveries(trx: Trx, row: NewRow<'events'>): Promise<void> {
  const event: RecordedEvent = { id: row.id, platformId: row.platform_id, livemode: row.livemode, accountId: row.account_id ?? null, type: row.type, createdAt: row.created_at as Date };
  await sql`
    with recorded as (
      insert into events (platform_id, id, livemode, account_id, type, object, previous_attributes, created_at, details,
                          actor_type, actor_id, request_id, object_id)
      values (${row.platform_id}, ${row.id}, ${row.livemode}, ${row.account_id}, ${row.type}, ${row.object}::jsonb,
              ${row.previous_attributes ?? null}::jsonb, ${row.created_at}::timestamptz, ${row.details ?? null}::jsonb,
              ${row.actor_type ?? null}::text, ${row.actor_id ?? null}::text, ${row.request_id ?? null}::text, ${row.object_id ?? null}::text)
    ),
    delivered as (${insertDeliveries(event)} returning 1)
    ${usageMeter.deliveriesCountedIn(trx, 'delivered', event, event.createdAt)} ${sentWithNext}`.execute(trx);
}

/**
 * The deliveries of many stored events of one platform, mode and type at once (bookings re-checks
 * flag thousands of bookings in one transaction): one INSERT … SELECT per call instead of
 * one per event, with the same matching rule and delivery ids. Returns the number written.
 */
export async function fanOutEvents(trx: Trx, events: readonly RecordedEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const [first] = events;
  if (events.some((e) => e.platformId !== first.platformId || e.livemode !== first.livemode || e.type !== first.type)) {
    throw new Error('fanOutEvents takes events of one platform, mode and type');
  }
  const idHead = newId(ID_PREFIX.webhookDelivery, first.createdAt.getTime()).slice(0, ID_PREFIX.webhookDelivery.length + 11);
  const result = await sql`
    insert into webhook_deliveries
      (platform_id, id, livemode, event_id, event_type, endpoint_id, status, attempts, next_attempt_at, recent_attempts, created_at)
    select e.platform_id, ${idHead}::text || substr(replace(gen_random_uuid()::text, '-', ''), 1, 16), e.livemode,
           ev.id, ${first.type}::text, e.id, 'pending', 0, ev.created_at, '[]'::jsonb, ev.created_at
    from webhook_endpoints e
    cross join unnest(${events.map((e) => e.id)}::text[], ${events.map((e) => e.createdAt.toISOString())}::timestamptz[]) as ev(id, created_at)
    where e.platform_id = ${first.platformId}
      and e.livemode = ${first.livemode}
      and e.status = 'enabled'
      and ${subscribes(first.type)}
  `.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
