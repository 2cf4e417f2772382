import type { Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { recordEvent } from '../../events/outbox.repository.js';
import * as schedules from './schedules.repository.js';
import { serializeSchedule } from './schedules.serializer.js';
import * as overrides from './overrides.repository.js';
import { serializeOverride } from './overrides.serializer.js';

/**
 * Removes a resource's overrides and schedules before the resource itself is deleted,
 * writing each one's `.deleted` event (in the caller's transaction). No re-check: a resource
 * is deleted only when it has never been booked.
 */
export async function deleteWorkingTimeOf(trx: Trx, scope: AccountScope, resourceId: string, now: Date): Promise<void> {
  for (const row of await overrides.overrides.allWhere(trx, scope, 'resource_id', resourceId)) {
    await recordEvent(trx, scope, 'schedule_override.deleted', serializeOverride(row), null, now);
  }
  await overrides.overrides.deleteWhere(trx, scope, 'resource_id', resourceId);
  for (const row of await schedules.schedules.allWhere(trx, scope, 'resource_id', resourceId)) {
    await recordEvent(trx, scope, 'schedule.deleted', serializeSchedule(row), null, now);
  }
  await schedules.schedules.deleteWhere(trx, scope, 'resource_id', resourceId);
}
