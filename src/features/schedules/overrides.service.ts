import { withTransaction, json, type DbHandle, type Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../http/context.js';
import { ApiError, notFound } from '../../http/errors.js';
import { toPage, type PageParams } from '../../http/pagination.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { mergeMetadata, metadataForCreate } from '../../lib/metadata.js';
import { changedAttributes, recordEvent } from '../../events/outbox.js';
import { recheckBookings } from '../bookings/recheck.js';
import { lockResourceForWorkingTime } from './locks.js';
import * as repo from './overrides.repository.js';
import { serializeOverride } from './overrides.serializer.js';
import { checkDayIntervals, checkLocationRefs, type LocationRef, type WallIntervalInputValue } from './wall-intervals.js';

export interface OverrideInput {
  resource?: string;
  date?: string;
  intervals?: WallIntervalInputValue[];
  metadata?: Record<string, string>;
}

const exists = (date: string) =>
  new ApiError('override_exists', `This resource already has an override on ${date}; update or delete that one.`, 'date');

export async function createOverrideIn(trx: Trx, scope: AccountScope, input: OverrideInput & { resource: string; date: string; intervals: WallIntervalInputValue[] }, now: Date) {
  const refs: LocationRef[] = [];
  const intervals = checkDayIntervals(input.intervals, 'intervals', refs);
  const resource = await lockResourceForWorkingTime(trx, scope, input.resource);
  await checkLocationRefs(trx, scope, refs);
  // The resource row lock serializes creates for one resource, so this check is race-free;
  // the unique index is the backstop.
  if (await repo.findOverrideOn(trx, scope, resource.id, input.date)) throw exists(input.date);
  const row = await repo.insertOverride(trx, {
    account_id: scope.accountId,
    id: newId(ID_PREFIX.scheduleOverride, now.getTime()),
    livemode: scope.livemode,
    resource_id: resource.id,
    date: input.date,
    intervals: json(intervals),
    metadata: json(metadataForCreate(input.metadata)),
    created_at: now,
  });
  const override = serializeOverride(row);
  await recordEvent(trx, scope, 'schedule_override.created', override, null, now);
  await recheckBookings(trx, scope, [resource.id], now);
  return override;
}

export async function updateOverrideIn(trx: Trx, scope: AccountScope, id: string, input: OverrideInput, now: Date) {
  const refs: LocationRef[] = [];
  const intervals = input.intervals === undefined ? undefined : checkDayIntervals(input.intervals, 'intervals', refs);
  const current = await repo.findOverride(trx, scope, id);
  if (!current) throw notFound('schedule_override', id);
  await lockResourceForWorkingTime(trx, scope, current.resource_id, null);
  const before = await repo.findOverride(trx, scope, id, true);
  if (!before) throw notFound('schedule_override', id);
  await checkLocationRefs(trx, scope, refs);
  const row = await repo.updateOverride(trx, scope, id, {
    intervals: json(intervals ?? before.intervals),
    metadata: json(mergeMetadata(before.metadata, input.metadata)),
  });
  const override = serializeOverride(row);
  const changed = changedAttributes(serializeOverride(before), override);
  if (changed) {
    await recordEvent(trx, scope, 'schedule_override.updated', override, changed, now);
    if ('intervals' in changed) await recheckBookings(trx, scope, [row.resource_id], now);
  }
  return override;
}

export async function deleteOverrideIn(trx: Trx, scope: AccountScope, id: string, now: Date) {
  const current = await repo.findOverride(trx, scope, id);
  if (!current) throw notFound('schedule_override', id);
  await lockResourceForWorkingTime(trx, scope, current.resource_id, null);
  const row = await repo.findOverride(trx, scope, id, true);
  if (!row) throw notFound('schedule_override', id);
  await repo.deleteOverride(trx, scope, id);
  await recordEvent(trx, scope, 'schedule_override.deleted', serializeOverride(row), null, now);
  await recheckBookings(trx, scope, [row.resource_id], now);
  return { id, object: 'schedule_override', deleted: true as const };
}

export class OverridesService {
  constructor(private readonly db: DbHandle) {}

  async create(scope: AccountScope, input: Parameters<typeof createOverrideIn>[2]) {
    try {
      return await withTransaction(this.db, (trx) => createOverrideIn(trx, scope, input, new Date()));
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw exists(input.date);
      throw err;
    }
  }

  update(scope: AccountScope, id: string, input: OverrideInput) {
    return withTransaction(this.db, (trx) => updateOverrideIn(trx, scope, id, input, new Date()));
  }

  delete(scope: AccountScope, id: string) {
    return withTransaction(this.db, (trx) => deleteOverrideIn(trx, scope, id, new Date()));
  }

  async get(scope: AccountScope, id: string) {
    const row = await repo.findOverride(this.db, scope, id);
    if (!row) throw notFound('schedule_override', id);
    return serializeOverride(row);
  }

  async list(scope: AccountScope, filters: repo.OverrideFilters, page: PageParams, metadata: Record<string, string>) {
    return toPage(await repo.listOverrides(this.db, scope, filters, page, metadata), serializeOverride);
  }
}
