import { withTransaction, json, type DbHandle, type Trx } from '../../db/transaction.js';
import type { WallIntervalRow } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import { notFound } from '../../lib/errors.js';
import { toPage, type PageParams } from '../../db/pagination.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { mergeMetadata, metadataForCreate } from '../../lib/metadata.js';
import * as repo from './schedules.repository.js';
import { serializeSchedule } from './schedules.serializer.js';
import { checkDayIntervals, checkLocationRefs, WEEKDAYS, type LocationRef, type WallIntervalInputValue } from './wall-intervals.js';
import type { Clock } from '../../lib/clock.js';
import { changesUnderLock, lockResource, rowsOfResources } from '../../capacity/index.js';

export type WeekInput = Partial<Record<(typeof WEEKDAYS)[number], WallIntervalInputValue[]>>;

export interface ScheduleInput {
  resource?: string;
  effective_from?: string;
  weeks?: WeekInput[];
  metadata?: Record<string, string>;
}

type StoredWeek = Record<string, WallIntervalRow[]>;

/** Checks every day of every week (400s), collecting the location ids to look up. */
function checkWeeks(weeks: readonly WeekInput[], refs: LocationRef[]): StoredWeek[] {
  return weeks.map((week, w) => {
    const out: StoredWeek = {};
    for (const day of WEEKDAYS) {
      const intervals = week[day];
      if (intervals !== undefined) out[day] = checkDayIntervals(intervals, `weeks[${w}].${day}`, refs);
    }
    return out;
  });
}

/*
 * Each use case runs in the caller's transaction: it validates, locks the resource, writes,
 * records its event and re-checks the resource's future bookings, all or nothing
 * (capacity/resource-change.ts).
 */
const changes = changesUnderLock(rowsOfResources('schedule', repo.schedules, serializeSchedule, async (trx, scope, row) => (await lockResource(trx, scope, row.resource_id, null)).locks));

export async function createScheduleIn(trx: Trx, scope: AccountScope, input: ScheduleInput & { resource: string; effective_from: string; weeks: WeekInput[] }, now: Date) {
  const refs: LocationRef[] = [];
  const weeks = checkWeeks(input.weeks, refs);
  return changes.create(trx, scope, now, {
    lock: async () => (await lockResource(trx, scope, input.resource)).locks,
    async write() {
      await checkLocationRefs(trx, scope, refs);
      return repo.schedules.insert(trx, {
        account_id: scope.accountId,
        id: newId(ID_PREFIX.schedule, now.getTime()),
        livemode: scope.livemode,
        resource_id: input.resource,
        effective_from: input.effective_from,
        weeks: json(weeks),
        metadata: json(metadataForCreate(input.metadata)),
        created_at: now,
        updated_at: now,
      });
    },
  });
}

export async function updateScheduleIn(trx: Trx, scope: AccountScope, id: string, input: ScheduleInput, now: Date) {
  const refs: LocationRef[] = [];
  const weeks = input.weeks === undefined ? undefined : checkWeeks(input.weeks, refs);
  return changes.update(trx, scope, id, now, {
    async write(before) {
      await checkLocationRefs(trx, scope, refs);
      return repo.schedules.update(trx, scope, id, {
        effective_from: input.effective_from ?? before.effective_from,
        weeks: json(weeks ?? before.weeks),
        metadata: json(mergeMetadata(before.metadata, input.metadata)),
        updated_at: now,
      });
    },
    rechecks: (changed) => 'weeks' in changed || 'effective_from' in changed,
  });
}

export const deleteScheduleIn = (trx: Trx, scope: AccountScope, id: string, now: Date) => changes.delete(trx, scope, id, now);

export class SchedulesService {
  constructor(
    private readonly db: DbHandle,
    private readonly clock: Clock,
  ) {}

  create(scope: AccountScope, input: Parameters<typeof createScheduleIn>[2]) {
    return withTransaction(this.db, (trx) => createScheduleIn(trx, scope, input, this.clock.now()));
  }

  update(scope: AccountScope, id: string, input: ScheduleInput) {
    return withTransaction(this.db, (trx) => updateScheduleIn(trx, scope, id, input, this.clock.now()));
  }

  delete(scope: AccountScope, id: string) {
    return withTransaction(this.db, (trx) => deleteScheduleIn(trx, scope, id, this.clock.now()));
  }

  async get(scope: AccountScope, id: string) {
    const row = await repo.schedules.find(this.db, scope, id);
    if (!row) throw notFound('schedule', id);
    return serializeSchedule(row);
  }

  async list(scope: AccountScope, filters: { resource?: string }, page: PageParams, metadata: Record<string, string>) {
    return toPage(await repo.listSchedules(this.db, scope, filters, page, metadata), serializeSchedule);
  }
}
