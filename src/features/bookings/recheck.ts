import type { Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../http/context.js';

/**
 * Re-checks every future booking of the given resources against the current facts
 * (decisions.md §7) inside the caller's transaction, updating `conflicted`/`conflicts` and
 * writing booking.conflicted / booking.conflict_resolved events. Called by every write
 * that can change conflicts: resource update/archive/unarchive, schedules, overrides, blocks.
 *
 * `resourceIds: 'all'` re-checks every resource of the account (account-wide blocks).
 */
export async function recheckBookings(_trx: Trx, _scope: AccountScope, _resourceIds: string[] | 'all', _now: Date): Promise<void> {
  // Implemented with the bookings feature.
}
