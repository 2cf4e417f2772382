import type { Trx } from '../db/transaction.js';
import { json } from '../db/transaction.js';
import { newId, ID_PREFIX } from '../lib/ids.js';
import type { PlatformScope } from '../tenancy/index.js';
import { fanOutEvents, insertEventWithDeliveries } from './fanout.repository.js';
import type { EventType } from './catalogue.js';
import { usageMeter } from '../metering/index.js';
import { currentActor, currentEventSource } from './source.js';

export interface ApiObject {
  id: string;
  object: string;
  [key: string]: unknown;
}

/**
 * The outbox: every change writes its event in the same transaction as the change.
 * `object` is the changed object in full, in the latest API shape; `previous` holds the
 * attributes that changed, with their previous values.
 */
export async function recordEvent(
  trx: Trx,
  scope: PlatformScope & { accountId: string | null },
  type: EventType,
  object: ApiObject,
  previous: Record<string, unknown> | null = null,
  now: Date,
  details: Record<string, unknown> | null = null,
): Promise<string> {
  const id = newId(ID_PREFIX.event, now.getTime());
  await insertEventWithDeliveries(trx, {
    platform_id: scope.platformId,
    id,
    livemode: scope.livemode,
    account_id: scope.accountId,
    type,
    object: json(object),
    previous_attributes: previous ? json(previous) : null,
    created_at: now,
    details: detailsOf(details),
    ...madeBy(object),
  });
  return id;
}

/**
 * recordEvent for many events of one type in one scope (bookings re-checks): the same rows,
 * written in a few statements instead of two per event. Returns the event ids, in order.
 */
export async function recordEvents(
  trx: Trx,
  scope: PlatformScope & { accountId: string | null },
  type: EventType,
  items: readonly { object: ApiObject; previous: Record<string, unknown> | null }[],
  now: Date,
): Promise<string[]> {
  const rows = items.map((item) => ({
    platform_id: scope.platformId,
    id: newId(ID_PREFIX.event, now.getTime()),
    livemode: scope.livemode,
    account_id: scope.accountId,
    type,
    object: json(item.object),
    previous_attributes: item.previous ? json(item.previous) : null,
    created_at: now,
    details: detailsOf(null),
    ...madeBy(item.object),
  }));
  for (let i = 0; i < rows.length; i += 500) await trx.insertInto('events').values(rows.slice(i, i + 500)).execute();
  let deliveries = 0;
  for (let i = 0; i < rows.length; i += 5000) {
    deliveries += await fanOutEvents(
      trx,
      rows.slice(i, i + 5000).map((r) => ({ id: r.id, platformId: r.platform_id, livemode: r.livemode, accountId: r.account_id, type, createdAt: now })),
    );
  }
  await usageMeter.webhookDeliveriesCreated(trx, scope, now, deliveries);
  return rows.map((r) => r.id);
}

/** Who made the change and in which request (src/events/source.ts), and the object it is about. */
function madeBy(object: ApiObject) {
  const { actor, requestId } = currentActor();
  return { actor_type: actor.type, actor_id: actor.id, request_id: requestId, object_id: object.id };
}

/** The event's extra `data` members: its own, and the source of the change when not the API. */
function detailsOf(details: Record<string, unknown> | null): string | null {
  const source = currentEventSource();
  const all = { ...(details ?? {}), ...(source ? { source } : {}) };
  return Object.keys(all).length ? json(all) : null;
}

/** The attributes of `before` whose values differ in `after` (deep compare by JSON). */
export function changedAttributes(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key === 'updated_at') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out[key] = before[key] ?? null;
  }
  return Object.keys(out).length ? out : null;
}

/**
 * The compare step of an update: both rows in the API shape, the changed attributes, and the
 * `type` event with them, recorded only when something changed (an update that changes
 * nothing writes no event).
 */
export async function recordUpdated<Row, Api extends ApiObject>(
  trx: Trx,
  scope: PlatformScope & { accountId: string | null },
  type: EventType,
  serialize: (row: Row) => Api,
  before: Row,
  after: Row,
  now: Date,
): Promise<{ object: Api; changed: Record<string, unknown> | null }> {
  const object = serialize(after);
  const changed = changedAttributes(serialize(before), object);
  if (changed) await recordEvent(trx, scope, type, object, changed, now);
  return { object, changed };
}
