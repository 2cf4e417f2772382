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
 * - webhooks: an event's deliveries counted by the statement that writes them
 *   (`deliveriesCountedIn`, src/events/fanout.repository.ts); `webhookDeliveriesCreated` for
 *   the delivery rows of many events at once (re-checks) and of resends.
 */
import { beforeCommit, type Trx } from '../db/transaction.js';
import type { AccountScope, PlatformScope } from '../tenancy/index.js';
import { periodOf } from '../core/usage/periods.js';
import { addDeliveriesOf, addToAccountCounters, addToPlatformCounters, anySlot, markActive, markActiveResourcesOf, type CounterWrite, type Counters } from './counters.repository.js';

type Amounts = Partial<Pick<Counters, 'bookings_created' | 'webhook_deliveries'>>;

interface PendingCounts {
  scope: PlatformScope & { accountId: string | null };
  period: string;
  amounts: Required<Amounts>;
}

/** Per open transaction: the counts added so far, by account (or platform) and month. */
const pendingOf = new WeakMap<Trx, Map<string, PendingCounts>>();

/**
 * Per open transaction: the slot of an account's month it adds to (docs/usage.md#counter-slots),
 * one for all its additions, so that a transaction locks one counter row an account's month and
 * two transactions never wait on each other's rows in opposite orders.
 */
const slotOf = new WeakMap<Trx, number>();
function slotFor(trx: Trx): number {
  let slot = slotOf.get(trx);
  if (slot === undefined) slotOf.set(trx, (slot = anySlot()));
  return slot;
}

/**
 * Adds to the counters of an account (or, with accountId null, of the platform). Inside a
 * use case's transaction the amounts are summed in memory and written as one upsert per
 * account and month just before COMMIT (a booking adds to two counters; a re-check to one per
 * event), so they still move if and only if the change commits; elsewhere they are written at once.
 */
async function add(trx: Trx, scope: PlatformScope & { accountId: string | null }, now: Date, amounts: Amounts): Promise<void> {
  const counts: PendingCounts = { scope, period: periodOf(now).firstDay, amounts: { bookings_created: 0, webhook_deliveries: 0, ...amounts } };
  let pending = pendingOf.get(trx);
  if (!pending) {
    const fresh = new Map<string, PendingCounts>();
    if (!beforeCommit(trx, () => writePending(trx, fresh))) return writeCounts(trx, counts);
    pendingOf.set(trx, (pending = fresh));
  }
  const key = `${scope.platformId}|${scope.livemode}|${scope.accountId ?? ''}|${counts.period}`;
  const entry = pending.get(key);
  if (!entry) pending.set(key, counts);
  else {
    entry.amounts.bookings_created += counts.amounts.bookings_created;
    entry.amounts.webhook_deliveries += counts.amounts.webhook_deliveries;
  }
}

/** The last step before COMMIT: the upserts travel with COMMIT on PostgreSQL (src/db/sent-with-next.ts). */
async function writePending(trx: Trx, pending: Map<string, PendingCounts>): Promise<void> {
  pendingOf.delete(trx);
  for (const entry of pending.values()) await writeCounts(trx, entry, { endsWork: true });
}

/** An account's counts go to the transaction's slot (slotFor). */
async function writeCounts(trx: Trx, { scope, period, amounts }: PendingCounts, write: CounterWrite = { endsWork: false }): Promise<void> {
  if (scope.accountId) await addToAccountCounters(trx, { ...scope, accountId: scope.accountId }, period, amounts, { ...write, slot: slotFor(trx) });
  else await addToPlatformCounters(trx, scope, period, { webhook_deliveries: amounts.webhook_deliveries }, write);
}

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
  await add(trx, scope, now, { bookings_created: count });
}

/** Where the deliveries of an event made at `now` in `trx` are counted: its month, in the transaction's slot. */
export interface DeliveriesCounter {
  period: string;
  slot: number;
}

export function deliveriesCounterOf(trx: Trx, now: Date): DeliveriesCounter {
  return { period: periodOf(now).firstDay, slot: slotFor(trx) };
}

/**
 * The end of an event's insert that meters its deliveries: the rows of the common table
 * expression `delivered` added to the counter `deliveriesCounterOf` names
 * (src/metering/counters.repository.ts). It only places its values, so that the event's
 * statement can be written once (src/db/shaped-statement.ts).
 */
export function deliveriesCountedIn(delivered: string, scope: PlatformScope & { accountId: string | null }, counter: DeliveriesCounter) {
  return addDeliveriesOf(delivered, scope, counter.period, counter.slot);
}

/** Deliveries written for events of one account, or of a platform (accountId null), counted by the caller. */
export async function webhookDeliveriesCreated(
  trx: Trx,
  scope: PlatformScope & { accountId: string | null },
  now: Date,
  count: number,
): Promise<void> {
  if (count <= 0) return;
  await add(trx, scope, now, { webhook_deliveries: count });
}
