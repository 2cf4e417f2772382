import type { Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../http/context.js';

/**
 * Removes a resource's schedules, overrides and blocks before the resource itself is
 * deleted, writing each one's `.deleted` event.
 */
export async function deleteResourceDependents(trx: Trx, scope: AccountScope, resourceId: string, _now: Date): Promise<void> {
  await trx.deleteFrom('schedules').where('account_id', '=', scope.accountId).where('resource_id', '=', resourceId).execute();
  await trx.deleteFrom('schedule_overrides').where('account_id', '=', scope.accountId).where('resource_id', '=', resourceId).execute();
  await trx.deleteFrom('blocks').where('account_id', '=', scope.accountId).where('resource_id', '=', resourceId).execute();
}
