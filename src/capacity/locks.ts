/**
 * THE lock order of every write that changes held capacity or working time:
 *
 *   1. resource rows (`lockResources`, `lockResource`, `lockAllResources`: by id, FOR UPDATE);
 *   2. then the rows the use case changes (a booking, a schedule, an override, a block, an
 *      attendee's booking).
 *
 * Two writers that meet always take the locks they share in the same order, so they
 * serialize instead of deadlocking, and a booking racing a working-time change is either
 * seen by that change's re-check or sees its new facts (read committed takes a fresh
 * snapshot per statement). The order is in the types: every row-locking read of those
 * tables takes a `ResourceLocks`, and only this file makes one. A use case that changes no
 * resource's time (an attendee's seats, a confirm) takes `lockResources(trx, scope, [])`.
 */
import type { Trx } from '../db/transaction.js';
import type { AccountScope } from '../tenancy/index.js';
import { notFound } from '../lib/errors.js';
import { lockAllResourceRows, lockResourceRows, resourcesTable, type ResourceRow } from './resources.repository.js';

declare const held: unique symbol;

/** Proof that the resource locks of this use case are held: row locks ask for it. */
export interface ResourceLocks {
  readonly [held]: true;
  /** The resources locked, or 'all' of the account. */
  readonly resources: readonly string[] | 'all';
}

const proof = (resources: readonly string[] | 'all') => ({ resources }) as ResourceLocks;

/**
 * Locks the given resources' rows in a fixed order (by id) for the rest of the transaction.
 * Every write that changes held capacity takes these locks first, so two bookings racing
 * for the last unit serialize on PostgreSQL and no two processes can both see it free.
 */
export async function lockResources(trx: Trx, scope: AccountScope, resourceIds: readonly string[]): Promise<ResourceLocks> {
  const ids = [...new Set(resourceIds)].sort();
  if (ids.length > 0) {
    await lockResourceRows(trx, scope, ids);
  }
  return proof(ids);
}

/**
 * Working-time and resource writes lock the one resource whose availability they change.
 * Without it a booking committed while a block is being added could be missed by the
 * block's re-check and by its own fit check. Returns the resource row; 404 resource_missing
 * naming `param` when it is not in the account.
 */
export async function lockResource(
  trx: Trx,
  scope: AccountScope,
  id: string,
  param: string | null = 'resource',
): Promise<{ locks: ResourceLocks; resource: ResourceRow }> {
  const resource = await resourcesTable.lock(trx, scope, id);
  if (!resource) throw notFound('resource', id, param);
  return { locks: proof([id]), resource };
}

/** Location and account-wide blocks touch every resource of the account: lock them all, by id. */
export async function lockAllResources(trx: Trx, scope: AccountScope): Promise<ResourceLocks> {
  await lockAllResourceRows(trx, scope);
  return proof('all');
}
