import { withTransaction, json, type DbHandle, type Trx } from '../../db/transaction.js';
import type { WallIntervalRow } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import { notFound } from '../../lib/errors.js';
import { toPage, type PageParams } from '../../db/pagination.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { mergeMetadata, metadataForCreate } from '../../lib/metadata.js';
import { changedAttributes, recordEvent } from '../../events/outbox.repository.js';
import * as repo from './schedules.repository.js';
import { serializeSchedule } from './schedules.serializer.js';
import { checkDayIntervals, checkLocationRefs, WEEKDAYS, type LocationRef, type WallIntervalInputValue } from './wall-intervals.js';
import type { Clock } from '../../lib/clock.js';
import { lockResource, recheckBookings } from '../../capacity/index.js';

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
 * records its event and re-checks the resource's future bookings, all or nothing.
 */

export async function createScheduleIn(trx: Trx, scope: AccountScope, input: ScheduleInput & { resource: string; effective_from: string; weeks: WeekInput[] }, now: Date) {
  const refs: LocationRef[] = [];
  const weeks = checkWeeks(input.weeks, refs);
  const { locks, resource } = await lockResource(trx, scope, input.resource);
  await checkLocationRefs(trx, scope, refs);
  const row = await repo.schedules.insert(trx, {
    account_id: scope.accountId,
    id: newId(ID_PREFIX.schedule, now.getTime()),
    livemode: scope.livemode,
    resource_id: resource.id,
    effective_from: input.effective_from,
    weeks: json(weeks),
    metadata: json(metadataForCreate(input.metadata)),
    created_at: now,
    updated_at: now,
  });
  const schedule = serializeSchedule(row);
  await recordEvent(trx, scope, 'schedule.created', schedule, null, now);
  await recheckBookings(trx, scope, locks, now);
  return schedule;
}

export async function updateScheduleIn(trx: Trx, scope: AccountScope, id: string, input: ScheduleInput, now: Date) {
  const refs: LocationRef[] = [];
  const weeks = input.weeks === undefined ? undefined : checkWeeks(input.weeks, refs);
  const current = await repo.schedules.find(trx, scope, id);
  if (!current) throw notFound('schedule', id);
  const { locks } = await lockResource(trx, scope, current.resource_id, null);
  const before = await repo.schedules.lock(trx, scope, id, locks);
  if (!before) throw notFound('schedule', id);
  await checkLocationRefs(trx, scope, refs);
  const row = await repo.schedules.update(trx, scope, id, {
    effective_from: input.effective_from ?? before.effective_from,
    weeks: json(weeks ?? before.weeks),
    metadata: json(mergeMetadata(before.metadata, input.metadata)),
    updated_at: now,
  });
  const schedule = serializeSchedule(row);
  const changed = changedAttributes(serializeSchedule(before), schedule);
  if (changed) {
    await recordEvent(trx, scope, 'schedule.updated', schedule, changed, now);
    if ('weeks' in changed || 'effective_from' in changed) await recheckBookings(trx, scope, locks, now);
  }
  return schedule;
}

export async function deleteScheduleIn(trx: Trx, scope: AccountScope, id: string, now: Date) {
  const current = await repo.schedules.find(trx, scope, id);
  if (!current) throw notFound('schedule', id);
  const { locks } = await lockResource(trx, scope, current.resource_id, null);
  const row = await repo.schedules.lock(trx, scope, id, locks);
  if (!row) throw notFound('schedule', id);
  await repo.schedules.delete(trx, scope, id);
  await recordEvent(trx, scope, 'schedule.deleted', serializeSchedule(row), null, now);
  await recheckBookings(trx, scope, locks, now);
  return { id, object: 'schedule', deleted: true as const };
}

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
