import type { Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../http/context.js';
import { recordEvent } from '../../events/outbox.js';
import { schedulesOfResource } from './schedules.repository.js';
import { serializeSchedule } from './schedules.serializer.js';
import { overridesOfResource } from './overrides.repository.js';
import { serializeOverride } from './overrides.serializer.js';
import { blocksOfResource } from '../blocks/blocks.repository.js';
import { serializeBlock } from '../blocks/blocks.serializer.js';

/**
 * Removes a resource's schedules, overrides and blocks before the resource itself is
 * deleted, writing each one's `.deleted` event (in the caller's transaction). No re-check:
 * a resource is deleted only when it has never been booked.
 */
export async function deleteResourceDependents(trx: Trx, scope: AccountScope, resourceId: string, now: Date): Promise<void> {
  const account = scope.accountId;
  for (const row of await blocksOfResource(trx, scope, resourceId)) {
    await recordEvent(trx, scope, 'block.deleted', serializeBlock(row), null, now);
  }
  await trx.deleteFrom('blocks').where('account_id', '=', account).where('resource_id', '=', resourceId).execute();
  for (const row of await overridesOfResource(trx, scope, resourceId)) {
    await recordEvent(trx, scope, 'schedule_override.deleted', serializeOverride(row), null, now);
  }
  await trx.deleteFrom('schedule_overrides').where('account_id', '=', account).where('resource_id', '=', resourceId).execute();
  for (const row of await schedulesOfResource(trx, scope, resourceId)) {
    await recordEvent(trx, scope, 'schedule.deleted', serializeSchedule(row), null, now);
  }
  await trx.deleteFrom('schedules').where('account_id', '=', account).where('resource_id', '=', resourceId).execute();
}
