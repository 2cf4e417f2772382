/**
 * How every change of a series (update, split, cancel) takes its locks and cancels the
 * occurrences it replaces (docs/series.md#changes): the one lock order of the capacity module,
 * with the resources read before the locks and checked again under them.
 */
import { withTransaction, type DbHandle, type Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { changedAttributes, recordEvents } from '../../events/outbox.repository.js';
import type { SeriesTemplateRow } from '../../db/schema.js';
import { templateResources } from '../../core/recurrence/template.js';
import { cancellableOccurrences, cancelOccurrenceRows, lockResources, resourcesOfOccurrencesFrom, type ResourceLocks } from '../../capacity/index.js';
import { hydrateBookings } from '../bookings/index.js';
import { findSeries, type SeriesRow } from './series.repository.js';
import { templateOf } from './series.input.js';

export type CancelReason = 'series_updated' | 'series_split' | 'series_cancelled';

/** Resources a stored template names (as `resource` or among `resources`), sorted. */
export function seriesResources(template: SeriesTemplateRow): string[] {
  return templateResources(templateOf(template).segments).sort();
}

function assertActive(row: SeriesRow, what: string): void {
  if (row.status !== 'active') {
    throw new ApiError('invalid_state_transition', `Cannot ${what} series ${row.id}: it is ${row.status}.`);
  }
}

/** The series changed between the unlocked read and the locks: the transaction runs again. */
class LocksOutOfDate extends Error {}

const LOCK_ATTEMPTS = 5;

export interface SeriesChange {
  /** The word for the 409 when the series is not active ('change', 'split', 'cancel'). */
  what: string;
  /** Whether the change needs an active series (metadata alone changes any series). */
  mustBeActive: boolean;
  /** From when the change cancels occurrences: their resources are locked too. */
  cancelsFrom: (row: SeriesRow) => Date;
  /** Resources of a new template, locked with the rest. */
  newResources: readonly string[];
}

/**
 * One transaction for a change of a series, with the one lock order: the resources of its
 * template, of its live occurrences from the change's cutoff and of a new template first,
 * then the series row. Those resources are read before the locks; when the series changed in
 * between (a concurrent change took the row first), the transaction runs again.
 */
export async function changeSeries<T>(
  db: DbHandle,
  scope: AccountScope,
  id: string,
  change: SeriesChange,
  work: (trx: Trx, row: SeriesRow, locks: ResourceLocks) => Promise<T>,
): Promise<T> {
  const resourcesToLock = async (trx: Trx, row: SeriesRow) => [
    ...seriesResources(row.template),
    ...(await resourcesOfOccurrencesFrom(trx, scope, id, change.cancelsFrom(row))),
    ...change.newResources,
  ];
  for (let attempt = 1; ; attempt++) {
    try {
      return await withTransaction(db, async (trx) => {
        const first = await findSeries(trx, scope, id);
        if (!first) throw notFound('series', id);
        if (change.mustBeActive) assertActive(first, change.what);
        const locks = await lockResources(trx, scope, await resourcesToLock(trx, first));
        const row = (await findSeries(trx, scope, id, true))!;
        if (change.mustBeActive) assertActive(row, change.what);
        const locked = new Set(locks.resources);
        if ((await resourcesToLock(trx, row)).some((r) => !locked.has(r))) throw new LocksOutOfDate();
        return work(trx, row, locks);
      });
    } catch (err) {
      if (!(err instanceof LocksOutOfDate)) throw err;
      if (attempt === LOCK_ATTEMPTS) {
        throw new ApiError('resource_in_use', `Series ${id} is being changed by other requests; retry this one.`);
      }
    }
  }
}

/**
 * Cancels the generated occurrences starting at or after `from` on behalf of the series
 * (booking.cancelled each). Their resources are among `locks`. True when any was cancelled.
 */
export async function cancelOccurrences(
  trx: Trx,
  scope: AccountScope,
  locks: ResourceLocks,
  row: SeriesRow,
  from: Date,
  reason: CancelReason,
  now: Date,
): Promise<boolean> {
  const rows = await cancellableOccurrences(trx, scope, locks, row.id, from);
  if (rows.length === 0) return false;
  const ids = rows.map((r) => r.id);
  const before = new Map((await hydrateBookings(trx, scope, rows, now)).map((b) => [b.id, b]));
  const cancelled = await hydrateBookings(trx, scope, await cancelOccurrenceRows(trx, scope, ids, reason, now), now);
  await recordEvents(
    trx,
    scope,
    'booking.cancelled',
    cancelled.map((b) => ({ object: b, previous: changedAttributes(before.get(b.id)!, b) })),
    now,
  );
  return true;
}
