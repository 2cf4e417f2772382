import { withTransaction, json, type DbHandle, type Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { toPage, type PageParams } from '../../db/pagination.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { mergeMetadata, metadataForCreate } from '../../lib/metadata.js';
import * as repo from './overrides.repository.js';
import { serializeOverride } from './overrides.serializer.js';
import { checkDayIntervals, checkLocationRefs, type LocationRef, type WallIntervalInputValue } from './wall-intervals.js';
import type { Clock } from '../../lib/clock.js';
import { changesUnderLock, lockResource, rowsOfResources } from '../../capacity/index.js';

export interface OverrideInput {
  resource?: string;
  date?: string;
  intervals?: WallIntervalInputValue[];
  metadata?: Record<string, string>;
}

const exists = (date: string) =>
  new ApiError('override_exists', `This resource already has an override on ${date}; update or delete that one.`, 'date');

/** Overrides change under their resource's lock (capacity/resource-change.ts). */
const changes = changesUnderLock(rowsOfResources('schedule_override', repo.overrides, serializeOverride, async (trx, scope, row) => (await lockResource(trx, scope, row.resource_id, null)).locks));

export async function createOverrideIn(trx: Trx, scope: AccountScope, input: OverrideInput & { resource: string; date: string; intervals: WallIntervalInputValue[] }, now: Date) {
  const refs: LocationRef[] = [];
  const intervals = checkDayIntervals(input.intervals, 'intervals', refs);
  return changes.create(trx, scope, now, {
    lock: async () => (await lockResource(trx, scope, input.resource)).locks,
    async write() {
      await checkLocationRefs(trx, scope, refs);
      // The resource row lock serializes creates for one resource, so this check is race-free;
      // the unique index is the backstop.
      if (await repo.findOverrideOn(trx, scope, input.resource, input.date)) throw exists(input.date);
      return repo.overrides.insert(trx, {
        account_id: scope.accountId,
        id: newId(ID_PREFIX.scheduleOverride, now.getTime()),
        livemode: scope.livemode,
        resource_id: input.resource,
        date: input.date,
        intervals: json(intervals),
        metadata: json(metadataForCreate(input.metadata)),
        created_at: now,
      });
    },
  });
}

export async function updateOverrideIn(trx: Trx, scope: AccountScope, id: string, input: OverrideInput, now: Date) {
  const refs: LocationRef[] = [];
  const intervals = input.intervals === undefined ? undefined : checkDayIntervals(input.intervals, 'intervals', refs);
  return changes.update(trx, scope, id, now, {
    async write(before) {
      await checkLocationRefs(trx, scope, refs);
      return repo.overrides.update(trx, scope, id, {
        intervals: json(intervals ?? before.intervals),
        metadata: json(mergeMetadata(before.metadata, input.metadata)),
      });
    },
    rechecks: (changed) => 'intervals' in changed,
  });
}

export const deleteOverrideIn = (trx: Trx, scope: AccountScope, id: string, now: Date) => changes.delete(trx, scope, id, now);

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
