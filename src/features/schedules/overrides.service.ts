import { withTransaction, json, type DbHandle, type Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { toPage, type PageParams } from '../../db/pagination.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { mergeMetadata, metadataForCreate } from '../../lib/metadata.js';
import { changedAttributes, recordEvent } from '../../events/outbox.repository.js';
import * as repo from './overrides.repository.js';
import { serializeOverride } from './overrides.serializer.js';
import { checkDayIntervals, checkLocationRefs, type LocationRef, type WallIntervalInputValue } from './wall-intervals.js';
import type { Clock } from '../../lib/clock.js';
import { lockResource, recheckBookings } from '../../capacity/index.js';

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
  const { locks, resource } = await lockResource(trx, scope, input.resource);
  await checkLocationRefs(trx, scope, refs);
  // The resource row lock serializes creates for one resource, so this check is race-free;
  // the unique index is the backstop.
  if (await repo.findOverrideOn(trx, scope, resource.id, input.date)) throw exists(input.date);
  const row = await repo.overrides.insert(trx, {
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
  await recheckBookings(trx, scope, locks, now);
  return override;
}

export async function updateOverrideIn(trx: Trx, scope: AccountScope, id: string, input: OverrideInput, now: Date) {
  const refs: LocationRef[] = [];
  const intervals = input.intervals === undefined ? undefined : checkDayIntervals(input.intervals, 'intervals', refs);
  const current = await repo.overrides.find(trx, scope, id);
  if (!current) throw notFound('schedule_override', id);
  const { locks } = await lockResource(trx, scope, current.resource_id, null);
  const before = await repo.overrides.lock(trx, scope, id, locks);
  if (!before) throw notFound('schedule_override', id);
  await checkLocationRefs(trx, scope, refs);
  const row = await repo.overrides.update(trx, scope, id, {
    intervals: json(intervals ?? before.intervals),
    metadata: json(mergeMetadata(before.metadata, input.metadata)),
  });
  const override = serializeOverride(row);
  const changed = changedAttributes(serializeOverride(before), override);
  if (changed) {
    await recordEvent(trx, scope, 'schedule_override.updated', override, changed, now);
    if ('intervals' in changed) await recheckBookings(trx, scope, locks, now);
  }
  return override;
}

export async function deleteOverrideIn(trx: Trx, scope: AccountScope, id: string, now: Date) {
  const current = await repo.overrides.find(trx, scope, id);
  if (!current) throw notFound('schedule_override', id);
  const { locks } = await lockResource(trx, scope, current.resource_id, null);
  const row = await repo.overrides.lock(trx, scope, id, locks);
  if (!row) throw notFound('schedule_override', id);
  await repo.overrides.delete(trx, scope, id);
  await recordEvent(trx, scope, 'schedule_override.deleted', serializeOverride(row), null, now);
  await recheckBookings(trx, scope, locks, now);
  return { id, object: 'schedule_override', deleted: true as const };
}

export class OverridesService {
  constructor(
    private readonly db: DbHandle,
    private readonly clock: Clock,
  ) {}

  async create(scope: AccountScope, input: Parameters<typeof createOverrideIn>[2]) {
    try {
      return await withTransaction(this.db, (trx) => createOverrideIn(trx, scope, input, this.clock.now()));
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw exists(input.date);
      throw err;
    }
  }

  update(scope: AccountScope, id: string, input: OverrideInput) {
    return withTransaction(this.db, (trx) => updateOverrideIn(trx, scope, id, input, this.clock.now()));
  }

  delete(scope: AccountScope, id: string) {
    return withTransaction(this.db, (trx) => deleteOverrideIn(trx, scope, id, this.clock.now()));
  }

  async get(scope: AccountScope, id: string) {
    const row = await repo.overrides.find(this.db, scope, id);
    if (!row) throw notFound('schedule_override', id);
    return serializeOverride(row);
  }

  async list(scope: AccountScope, filters: repo.OverrideFilters, page: PageParams, metadata: Record<string, string>) {
    return toPage(await repo.listOverrides(this.db, scope, filters, page, metadata), serializeOverride);
  }
}
