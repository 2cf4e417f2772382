/**
 * Generation: turning a series' occurrences into bookings (docs/series.md, "Generation and
 * the horizon"). Shared by create, update, split, cancel and the horizon worker, inside the
 * caller's ONE transaction.
 *
 * One lock, one load, one plan per occurrence: the template's resources are locked (the order
 * every writer uses), their facts are loaded once for the whole range, and the core plans the
 * occurrences one after the other with planBooking, each against the held time of the ones
 * before it. Accepted occurrences are written by the booking writer, like any booking; the
 * refused ones are recorded as skipped occurrences.
 */
import type { Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { ApiError } from '../../lib/errors.js';
import { recordEvent, recordEvents } from '../../events/outbox.repository.js';
import { formatInstant } from '../../core/time/wall-time.js';
import { timelineRangeFor } from '../../core/availability/resource-timeline.js';
import type { Conflict } from '../../core/availability/types.js';
import {
  nextOccurrence,
  occurrencesBetween,
  previousOccurrence,
  RuleNeverOccursError,
  type Occurrence,
  type SeriesRecurrence,
} from '../../core/recurrence/expand.js';
import { planOccurrences, type OccurrencePlan } from '../../core/recurrence/plan-occurrences.js';
import { segmentOffsets, templateLengthMinutes, templateResources } from '../../core/recurrence/template.js';
import { loadResourceFacts, lockResources, takenKeys, timelinesFrom, writeBooking, type ApiBooking } from '../../capacity/index.js';
import { insertSkipped, updateSeriesRow, type SeriesRow, type SkippedOccurrence } from './series.repository.js';
import { parseStartTime, parseStoredRule, templateOf } from './series.input.js';
import { serializeSeries } from './series.serializer.js';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export function recurrenceOf(row: Pick<SeriesRow, 'rrule' | 'start_date' | 'start_time' | 'timezone'>): SeriesRecurrence {
  return { rule: parseStoredRule(row.rrule), startDate: row.start_date, startMinutes: parseStartTime(row.start_time), timezone: row.timezone };
}

/** Lowest and highest instant an occurrence may start at: [begins_at, ends_before). */
function bounds(row: SeriesRow): { lower: number; upper: number } {
  return {
    lower: row.begins_at?.getTime() ?? -Infinity,
    upper: row.ends_before?.getTime() ?? Infinity,
  };
}

function safely<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof RuleNeverOccursError) return fallback;
    throw err;
  }
}

export interface GenerateOptions {
  /** on_conflict: fail — any refused occurrence is a 409 and nothing is written. */
  failOnConflict?: boolean;
  /** Series whose occurrences cancelled by hand also block a key (the one a split came from). */
  lineage?: string[];
}

export interface GenerateResult {
  booked: ApiBooking[];
  skipped: SkippedOccurrence[];
}

/** Span of the booking an occurrence makes: earliest segment start to latest segment end. */
function occurrenceSpan(row: SeriesRow, start: number): { start: number; end: number } {
  const offsets = segmentOffsets(templateOf(row.template).segments);
  return {
    start: start + Math.min(...offsets.map((o) => o.start)) * MINUTE_MS,
    end: start + Math.max(...offsets.map((o) => o.end)) * MINUTE_MS,
  };
}

function refusedError(refused: OccurrencePlan[]): ApiError {
  const conflicts = refused.flatMap((p) => p.plan.refused.map((c) => ({ ...c, occurrence_key: p.occurrence.key, start: formatInstant(p.occurrence.start) })));
  const first = refused[0];
  const reasons = [...new Set(conflicts.map((c) => c.reason))].join(', ');
  return new ApiError(
    'booking_conflict',
    `${refused.length} occurrence${refused.length === 1 ? '' : 's'} of the changed series would conflict (${reasons}), the first at ${first.occurrence.key}; on_conflict is fail, so nothing changed.`,
    null,
    { conflicts },
  );
}

/**
 * Books the series' occurrences starting in [from, to) (within begins_at/ends_before), except
 * the keys that already have a live booking or were cancelled or rescheduled by hand.
 */
export async function generateOccurrences(
  trx: Trx,
  scope: AccountScope,
  row: SeriesRow,
  window: { from: number; to: number },
  now: Date,
  options: GenerateOptions = {},
): Promise<GenerateResult> {
  const { lower, upper } = bounds(row);
  const from = Math.max(window.from, lower);
  const to = Math.min(window.to, upper);
  const result: GenerateResult = { booked: [], skipped: [] };
  if (to <= from) return result;
  const recurrence = recurrenceOf(row);
  let occurrences: Occurrence[] = safely(() => occurrencesBetween(recurrence, from, to), []);
  if (occurrences.length === 0) return result;
  const taken = await takenKeys(trx, scope, [row.id, ...(options.lineage ?? [])], { start: new Date(from), end: new Date(to) });
  occurrences = occurrences.filter((o) => !taken.has(o.key));
  if (occurrences.length === 0) return result;

  const template = templateOf(row.template);
  const resourceIds = templateResources(template.segments);
  const locks = await lockResources(trx, scope, resourceIds);
  const lastStart = occurrences[occurrences.length - 1].start;
  const range = timelineRangeFor({ start: occurrenceSpan(row, occurrences[0].start).start, end: occurrenceSpan(row, lastStart).end });
  // Read under the locks, like a booking's: occurrences never pick by a stale count.
  const balanced = template.segments.some((s) => s.candidateOrder === 'balanced');
  const weighted = template.segments.some((s) => s.candidateOrder === 'weighted');
  const bundles = await loadResourceFacts(trx, scope, resourceIds, range, now, { balanced, weighted, heldAsCapacity: { excluding: [] } });
  const missingResource = resourceIds.find((id) => !bundles.has(id));
  if (missingResource) throw new Error(`series ${row.id} names resource ${missingResource}, which no longer exists`);
  const plans = planOccurrences({
    occurrences,
    template: template.segments,
    timelines: timelinesFrom(bundles, range),
    policy: row.conflict_policy,
    now: now.getTime(),
  });

  const refused = plans.filter((p) => !p.plan.ok);
  if (options.failOnConflict && refused.length > 0) throw refusedError(refused);

  const locationRequested = template.segments.map((s) => s.location !== null);
  for (const p of plans) {
    if (!p.plan.ok) continue;
    const { booking } = await writeBooking(
      trx,
      scope,
      {
        plan: { ...p.plan, locks },
        locationRequested,
        status: 'confirmed',
        expiresAt: null,
        seats: template.seats,
        policy: row.conflict_policy,
        metadata: template.metadata ?? {},
        seriesId: row.id,
        occurrenceKey: p.occurrence.key,
        // Written below in one batch: a long series makes hundreds at once.
        emitEvent: false,
      },
      now,
    );
    result.booked.push(booking);
  }
  if (result.booked.length > 0) {
    await recordEvents(trx, scope, 'booking.created', result.booked.map((b) => ({ object: b, previous: null })), now);
  }
  result.skipped = refused.map((p) => {
    const span = occurrenceSpan(row, p.occurrence.start);
    return { key: p.occurrence.key, start: span.start, end: span.end, conflicts: p.plan.refused as Conflict[] };
  });
  if (result.skipped.length > 0) await insertSkipped(trx, scope, row.id, result.skipped, now);
  return result;
}

export interface AdvanceOptions extends GenerateOptions {
  /** Generate nothing, only recompute due_at and the end (after a cancel or split). */
  noGeneration?: boolean;
}

/**
 * Brings an active series up to date at `now`: generates from generated_until to the horizon,
 * moves generated_until, computes when it is next due, and ends it when its rule has no more
 * occurrences and the last one is over (series.ended). Returns the row as written.
 */
export async function advanceSeries(trx: Trx, scope: AccountScope, row: SeriesRow, now: Date, options: AdvanceOptions = {}): Promise<SeriesRow> {
  if (row.status !== 'active') return row;
  const nowMs = now.getTime();
  const horizonEnd = nowMs + row.horizon_days * DAY_MS;
  const generatedUntil = row.generated_until?.getTime() ?? null;
  const recurrence = recurrenceOf(row);
  const { lower, upper } = bounds(row);
  const nextAfter = (t: number) => safely(() => nextOccurrence(recurrence, Math.max(t, lower)), null);

  let until = generatedUntil ?? nowMs;
  let next = nextAfter(until);
  // generated_until only moves while the rule has occurrences left to generate.
  if (!options.noGeneration && horizonEnd > until && next !== null && next.start < upper) {
    await generateOccurrences(trx, scope, row, { from: Math.max(until, nowMs), to: horizonEnd }, now, options);
    until = horizonEnd;
    next = nextAfter(until);
  }
  const changes: Parameters<typeof updateSeriesRow>[3] = {};
  if (generatedUntil !== until) Object.assign(changes, { generated_until: new Date(until), updated_at: now });

  let ended = false;
  if (next !== null && next.start < upper) {
    changes.due_at = new Date(next.start - row.horizon_days * DAY_MS);
  } else {
    // No more occurrences: the series ends when the last one is over.
    const last = safely(() => previousOccurrence(recurrence, Math.min(until, upper)), null);
    const lastEnd = last === null || last.start < lower ? nowMs : last.start + templateLengthMinutes(templateOf(row.template).segments) * MINUTE_MS;
    if (lastEnd <= nowMs) {
      ended = true;
      Object.assign(changes, { status: 'ended', due_at: null, updated_at: now });
    } else {
      changes.due_at = new Date(lastEnd);
    }
  }
  const written = await updateSeriesRow(trx, scope, row.id, changes);
  if (ended) await recordEvent(trx, scope, 'series.ended', serializeSeries(written), { status: 'active' }, now);
  return written;
}
