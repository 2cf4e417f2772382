import { sql } from 'kysely';
import type { Trx } from '../db/transaction.js';
import { json } from '../db/transaction.js';
import { sentWithNext } from '../db/sent-with-next.js';
import { shapedStatement, type ShapedStatement } from '../db/shaped-statement.js';
import { usageMeter, type DeliveriesCounter } from '../metering/index.js';
import { newId, ID_PREFIX } from '../lib/ids.js';
import { EVENT_TYPE_SINCE } from '../lib/event-type-versions.js';
import type { NewRow } from '../db/schema.js';

/**
 * What `subscribes` places as values: the JSON of each `enabled_events` entry that can select
 * the type (or, for a type newer than some versions, the type those versions knew it as), by
 * entry, and the version the type is new in.
 */
interface SubscriptionValues {
  entries: Record<string, string>;
  since: string | null;
}

function subscriptionValues(type: string): SubscriptionValues {
  const since = EVENT_TYPE_SINCE[type];
  const entries = [...filtersMatching(type), ...(since?.before ? filtersMatching(since.before) : [])];
  return { entries: Object.fromEntries(entries.map((entry) => [entry, json([entry])])), since: since?.since ?? null };
}

/**
 * Which endpoints subscribe to `type`: by their `enabled_events`, and for a type newer than an
 * endpoint's api_version, by the type that version knew it as, if any (docs/waitlists.md#older-api-versions).
 * Its text depends on `type` alone; `values` are `subscriptionValues(type)`, only placed.
 */
function subscribes(type: string, values: SubscriptionValues) {
  const byFilters = (t: string) => sql.join(filtersMatching(t).map((f) => sql`e.enabled_events @> ${values.entries[f]}::jsonb`), sql` or `);
  const since = EVENT_TYPE_SINCE[type];
  if (!since) return sql`(${byFilters(type)})`;
  const older = since.before ? sql`(e.api_version < ${values.since} and (${byFilters(since.before)}))` : sql`false`;
  return sql`((e.api_version >= ${values.since} and (${byFilters(type)})) or ${older})`;
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

/** What an event's statement places: its row, its deliveries' id head, what selects its endpoints, and the counter of its deliveries. */
interface EventValues {
  row: {
    platform_id: string;
    id: string;
    livemode: boolean;
    account_id: string | null;
    type: string;
    object: string;
    previous_attributes: string | null;
    created_at: Date;
    details: string | null;
    actor_type: string | null;
    actor_id: string | null;
    request_id: string | null;
    object_id: string | null;
  };
  deliveryIdHead: string;
  subscription: SubscriptionValues;
  counter: DeliveriesCounter;
}

/**
 * The delivery rows of an event, one for every enabled webhook endpoint that subscribes to
 * it: an INSERT … SELECT, whatever the number of endpoints. Delivery ids are built in SQL:
 * the time part of a fresh `wd_` id (so ids still sort by creation time) followed by 16
 * random hex digits (hex digits are part of the id alphabet). The first attempt is due at
 * once; disabled endpoints get nothing (docs/webhooks.md#endpoint-health-and-automatic-disabling).
 */
function insertDeliveries(type: string, v: EventValues) {
  return sql`
    insert into webhook_deliveries
      (platform_id, id, livemode, event_id, event_type, endpoint_id, status, attempts, next_attempt_at, recent_attempts, created_at)
    select e.platform_id, ${v.deliveryIdHead}::text || substr(replace(gen_random_uuid()::text, '-', ''), 1, 16), e.livemode,
           ${v.row.id}::text, ${v.row.type}::text, e.id, 'pending', 0, ${v.row.created_at}::timestamptz, '[]'::jsonb,
           ${v.row.created_at}::timestamptz
    from webhook_endpoints e
    where e.platform_id = ${v.row.platform_id}
      and e.livemode = ${v.row.livemode}
      and e.status = 'enabled'
      and ${subscribes(type, v.subscription)}`;
}

/**
 * The event's statement for one type, counting its deliveries for an account or (`platformWide`)
 * for the platform: its text depends on nothing else, so it is written once for each and then
 * only bound (src/db/shaped-statement.ts; docs/performance.md, "Reads by id").
 */
function eventStatement(type: string, platformWide: boolean) {
  return shapedStatement<EventValues, unknown>((v) => {
    const counted = { platformId: v.row.platform_id, livemode: v.row.livemode, accountId: platformWide ? null : v.row.account_id };
    return sql`
    with recorded as (
      insert into events (platform_id, id, livemode, account_id, type, object, previous_attributes, created_at, details,
                          actor_type, actor_id, request_id, object_id)
      values (${v.row.platform_id}, ${v.row.id}, ${v.row.livemode}, ${v.row.account_id}, ${v.row.type}, ${v.row.object}::jsonb,
              ${v.row.previous_attributes}::jsonb, ${v.row.created_at}::timestamptz, ${v.row.details}::jsonb,
              ${v.row.actor_type}::text, ${v.row.actor_id}::text, ${v.row.request_id}::text, ${v.row.object_id}::text)
    ),
    delivered as (${insertDeliveries(type, v)} returning 1)
    ${usageMeter.deliveriesCountedIn('delivered', counted, v.counter)} ${sentWithNext}`;
  });
}
/** Per type and kind of counter: the statement, and the values that select its endpoints (they depend on the type alone). */
const eventStatements = new Map<string, { run: ShapedStatement<EventValues, unknown>; subscription: SubscriptionValues }>();

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
  const createdAt = row.created_at as Date;
  const platformWide = (row.account_id ?? null) === null;
  const key = `${row.type}${platformWide ? ' platform' : ''}`;
  let statement = eventStatements.get(key);
  if (!statement) eventStatements.set(key, (statement = { run: eventStatement(row.type, platformWide), subscription: subscriptionValues(row.type) }));
  await statement.run(trx, {
    row: {
      platform_id: row.platform_id,
      id: row.id,
      livemode: row.livemode,
      account_id: row.account_id ?? null,
      type: row.type,
      object: row.object,
      previous_attributes: row.previous_attributes ?? null,
      created_at: createdAt,
      details: row.details ?? null,
      actor_type: row.actor_type ?? null,
      actor_id: row.actor_id ?? null,
      request_id: row.request_id ?? null,
      object_id: row.object_id ?? null,
    },
    deliveryIdHead: deliveryIdHead(createdAt),
    subscription: statement.subscription,
    counter: usageMeter.deliveriesCounterOf(trx, createdAt),
  });
}

/** The time part of a fresh delivery id (`newId`'s shape), to which SQL adds 16 random hex digits. */
const deliveryIdHead = (createdAt: Date) => newId(ID_PREFIX.webhookDelivery, createdAt.getTime()).slice(0, ID_PREFIX.webhookDelivery.length + 11);

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
  const idHead = deliveryIdHead(first.createdAt);
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
      and ${subscribes(first.type, subscriptionValues(first.type))}
  `.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
