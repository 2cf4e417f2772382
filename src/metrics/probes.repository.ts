/**
 * Scrape-time readings of the database for the metrics (docs/metrics.md). Each query walks one of
 * the partial indexes the workers themselves use, so a scrape costs a few index lookups.
 */
import { sql } from 'kysely';
import type { DbHandle } from '../db/transaction.js';
import type { Db } from '../db/connect.js';
import type { Clock } from '../lib/clock.js';
import type { Metrics } from './registry.js';

const seconds = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** Deliveries waiting (endpoint enabled) and being sent. */
export async function pendingDeliveries(db: DbHandle): Promise<{ pending: number; sending: number }> {
  const row = await sql<{ pending: string | number; sending: string | number }>`
    select (select count(*) from webhook_delivery_queue where status = 'pending' and not endpoint_paused) as pending,
           (select count(*) from webhook_delivery_queue where status = 'sending') as sending`.execute(db);
  return { pending: Number(row.rows[0]?.pending ?? 0), sending: Number(row.rows[0]?.sending ?? 0) };
}

/** How overdue the oldest due delivery is (webhook delivery worker). */
export async function webhookDeliveryLag(db: DbHandle, now: Date): Promise<number> {
  const row = await sql<{ lag: number | null }>`
    select extract(epoch from (${now}::timestamptz - min(next_attempt_at)))::float8 as lag
    from webhook_delivery_queue where status = 'pending' and not endpoint_paused and next_attempt_at <= ${now}::timestamptz`.execute(db);
  return seconds(row.rows[0]?.lag);
}

/** How overdue the oldest pending hold past its expiry is (expiry worker: bookings and attendees). */
export async function expiryLag(db: DbHandle, now: Date): Promise<number> {
  const row = await sql<{ lag: number | null }>`
    select extract(epoch from (${now}::timestamptz - least(
      (select min(expires_at) from bookings where status = 'pending' and expires_at is not null and expires_at <= ${now}::timestamptz),
      (select min(expires_at) from attendees where status = 'pending' and expires_at is not null and expires_at <= ${now}::timestamptz)
    )))::float8 as lag`.execute(db);
  return seconds(row.rows[0]?.lag);
}

/** Registers the database probes of one process: the webhook backlog, the workers' lag, the pool, the embedded engine's busy time. */
export function watchDatabase(metrics: Metrics, db: Db, clock: Clock): void {
  metrics.setPendingDeliveriesProbe(() => pendingDeliveries(db.kysely));
  metrics.addWorkerLagProbe('webhook_delivery', () => webhookDeliveryLag(db.kysely, clock.now()));
  metrics.addWorkerLagProbe('expiry', () => expiryLag(db.kysely, clock.now()));
  metrics.setPoolProbe(() => db.poolStats());
  if (db.engineBusyMs) metrics.setEngineBusyProbe(db.engineBusyMs);
}
