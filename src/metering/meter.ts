/**
 * What other features call, inside the transaction of their change, to meter usage
 * (docs/usage.md). A counter therefore moves exactly when the change commits.
 *
 * - accounts: `accountActive` on create, and `accountLeaving` before delete (an account deleted
 *   before the month's carry-over ran was still active in that month, and so were its resources);
 * - resources: `resourceActive` on create and unarchive, and before archive and delete, for the
 *   same reason;
 * - bookings: `bookingsCreated` for every booking row created (create, reschedule, import,
 *   series occurrences);
 * - webhooks: `webhookDeliveriesCreated` for every delivery row created (fan-out of an event,
 *   resend of one event).
 */
import type { Trx } from '../db/transaction.js';
import type { AccountScope, PlatformScope } from '../tenancy/index.js';
import { periodOf } from '../core/usage/periods.js';
import { addToAccountCounters, addToPlatformCounters, markActive, markActiveResourcesOf } from './counters.repository.js';

export async function accountActive(trx: Trx, scope: AccountScope, now: Date): Promise<void> {
  await markActive(trx, scope, periodOf(now).firstDay, 'account', scope.accountId);
}

/** Before an account is deleted: it and its active resources were active this month. */
export async function accountLeaving(trx: Trx, scope: AccountScope, now: Date): Promise<void> {
  const period = periodOf(now).firstDay;
  await markActive(trx, scope, period, 'account', scope.accountId);
  await markActiveResourcesOf(trx, scope, period);
}

export async function resourceActive(trx: Trx, scope: AccountScope, resourceId: string, now: Date): Promise<void> {
  await markActive(trx, scope, periodOf(now).firstDay, 'resource', resourceId);
}

export async function bookingsCreated(trx: Trx, scope: AccountScope, now: Date, count = 1): Promise<void> {
  await addToAccountCounters(trx, scope, periodOf(now).firstDay, { bookings_created: count });
}

/** Deliveries of an event of one account, or of a platform-level event (accountId null). */
export async function webhookDeliveriesCreated(
  trx: Trx,
  scope: PlatformScope & { accountId: string | null },
  now: Date,
  count: number,
): Promise<void> {
  if (count <= 0) return;
  const period = periodOf(now).firstDay;
  if (scope.accountId) await addToAccountCounters(trx, { ...scope, accountId: scope.accountId }, period, { webhook_deliveries: count });
  else await addToPlatformCounters(trx, scope, period, { webhook_deliveries: count });
}
