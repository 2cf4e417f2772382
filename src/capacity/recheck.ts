import type { Trx } from '../db/transaction.js';
import type { AccountScope } from '../tenancy/index.js';
import { changedAttributes, recordEvents } from '../events/outbox.repository.js';
import { allResourceIds, loadResourceFacts, type ResourceFactsBundle } from './facts.repository.js';
import type { ResourceLocks } from './locks.js';
import { buildResourceTimeline, timelineRangeFor, type ResourceTimeline } from '../core/availability/resource-timeline.js';
import { planBooking, type PlanSegmentInput } from '../core/availability/booking-plan.js';
import type { Conflict, HoldFacts, Interval } from '../core/availability/types.js';
import { chargeWork } from '../lib/work-budget.js';
import { Slicer } from '../lib/slices.js';
import { futureHoldingBookings, segmentsOf, seatsTakenOf, writeConflicts, type BookingRow, type SegmentRow } from './bookings.repository.js';
import { serializeBooking, type ApiBooking } from './bookings.serializer.js';

export interface RecheckOptions {
  /** Only bookings already flagged (after capacity was freed: a cancel, expiry or reschedule). */
  onlyConflicted?: boolean;
  /** The resources to re-check, among those locked; default: every locked one. */
  resources?: string[];
}

export interface RecheckResult {
  conflicted: string[];
  resolved: string[];
}

/**
 * Re-checks every future booking of the given resources against the current facts
 * (docs/bookings.md#re-checks) inside the caller's transaction, updating `conflicted`/`conflicts` and
 * writing booking.conflicted / booking.conflict_resolved events. Called by every write
 * that can change conflicts: resource update/archive/unarchive, schedules, overrides, blocks.
 *
 * It re-checks the resources the caller has locked (`locks`, step 1 of the lock order:
 * a booking written concurrently is either seen here or sees the new facts), or those of
 * them named in `options.resources`; locks on 'all' re-check every resource of the account.
 *
 * Rules (docs/bookings.md): a booking is checked with the core's planBooking on its own
 * resources, locations and buffers, policy `allow` (so every conflict is reported, none
 * refused). It is weighed against the holds of bookings created before it (lower id),
 * never its own or later ones: when capacity shrinks, the latest bookings are the ones that
 * "no longer fit", exactly as if they had been booked now. `start_passed` is a fact of the
 * moment a booking was made, so a recorded one is kept.
 */
export async function recheckBookings(
  trx: Trx,
  scope: AccountScope,
  locks: ResourceLocks,
  now: Date,
  options: RecheckOptions = {},
): Promise<RecheckResult> {
  const result: RecheckResult = { conflicted: [], resolved: [] };
  const locked = locks.resources;
  const touched = options.resources ? [...new Set(options.resources)] : locked === 'all' ? await allResourceIds(trx, scope) : [...locked];
  if (touched.length === 0) return result;

  const bookings = await futureHoldingBookings(trx, scope, now, { resourceIds: touched, onlyConflicted: options.onlyConflicted });
  if (bookings.length === 0) return result;

  const segments = await segmentsOf(trx, scope, bookings.map((b) => b.id));
  const allSegments = [...segments.values()].flat();
  // The cost of what follows is bookings × segments; a conflict preview refuses it over its
  // budget before anything is planned (docs/limits.md).
  chargeWork(allSegments.length, `a re-check of ${bookings.length} future bookings with ${allSegments.length} segments`);
  const resources = [...new Set(allSegments.map((s) => s.resource_id))];
  const whole: Interval = timelineRangeFor({
    start: Math.min(...allSegments.map((s) => s.held_start.getTime())),
    end: Math.max(...allSegments.map((s) => s.held_end.getTime())),
  });
  const bundles = await loadResourceFacts(trx, scope, resources, whole, now);
  const holdIndex = new Map([...bundles].map(([id, b]) => [id, new HoldIndex(b.holds)]));

  const changed: { row: BookingRow; conflicts: Conflict[]; gained: boolean }[] = [];
  // Planning runs in slices, leaving the event loop free between them (the transaction and,
  // on PGlite, the database stay held: docs/limits.md).
  const slicer = new Slicer();
  for (const row of bookings) {
    await slicer.tick();
    const segs = segments.get(row.id) ?? [];
    if (segs.length === 0) continue;
    const fresh = checkOne(row, segs, bundles, holdIndex, now);
    // Facts of the moment the booking was made or moved, which the re-check does not look at
    // again: a booking never becomes (or stops being) too soon because time passed.
    const kept = ((row.conflicts as Conflict[] | null) ?? []).filter((c) => KEPT_REASONS.has(c.reason));
    const next = [...kept, ...fresh].sort((a, b) => a.segment - b.segment);
    const before = new Set(((row.conflicts as Conflict[] | null) ?? []).map(conflictKey));
    const after = new Set(next.map(conflictKey));
    const gained = [...after].some((k) => !before.has(k));
    const lost = [...before].some((k) => !after.has(k));
    if (gained || lost) changed.push({ row, conflicts: next, gained });
  }
  if (changed.length === 0) return result;

  const seats = await seatsTakenOf(trx, scope, changed.filter((c) => c.row.seats !== null).map((c) => c.row.id), now);
  const updated = await writeConflicts(trx, scope, changed.map((c) => ({ id: c.row.id, conflicts: c.conflicts })), now);
  type Item = { object: ApiBooking; previous: Record<string, unknown> | null };
  const events: Record<'booking.conflicted' | 'booking.conflict_resolved', Item[]> = { 'booking.conflicted': [], 'booking.conflict_resolved': [] };
  for (const { row, gained } of changed) {
    const segs = segments.get(row.id) ?? [];
    const taken = seats.get(row.id) ?? 0;
    const before = serializeBooking(row, segs, taken, now);
    const after = serializeBooking(updated.get(row.id)!, segs, taken, now);
    // A new reason is a conflict; losing reasons (and gaining none) is a resolution.
    events[gained ? 'booking.conflicted' : 'booking.conflict_resolved'].push({ object: after, previous: changedAttributes(before, after) });
    (gained ? result.conflicted : result.resolved).push(row.id);
  }
  await recordEvents(trx, scope, 'booking.conflicted', events['booking.conflicted'], now);
  await recordEvents(trx, scope, 'booking.conflict_resolved', events['booking.conflict_resolved'], now);
  return result;
}

const KEPT_REASONS = new Set<Conflict['reason']>(['start_passed', 'too_soon', 'too_far_ahead', 'limit_reached']);

function conflictKey(c: Conflict): string {
  return `${c.segment}|${c.resource ?? ''}|${c.reason}`;
}


/** The conflicts of one stored booking under today's facts (its own hold and later ones left out). */
function checkOne(
  row: BookingRow,
  segs: SegmentRow[],
  bundles: ReadonlyMap<string, ResourceFactsBundle>,
  holdIndex: ReadonlyMap<string, HoldIndex>,
  now: Date,
): Conflict[] {
  const range = timelineRangeFor({
    start: Math.min(...segs.map((s) => s.held_start.getTime())),
    end: Math.max(...segs.map((s) => s.held_end.getTime())),
  });
  const timelines = new Map<string, ResourceTimeline>();
  for (const id of new Set(segs.map((s) => s.resource_id))) {
    const bundle = bundles.get(id);
    if (!bundle) continue;
    const holds = holdIndex.get(id)!.overlapping(range).filter((h) => h.bookingId < row.id);
    timelines.set(id, buildResourceTimeline({ ...bundle, holds, range, ignoreBookingIds: [row.id] }));
  }
  const planSegments: PlanSegmentInput[] = segs.map((s) => ({
    start: s.start_at.getTime(),
    end: s.end_at.getTime(),
    quantity: s.quantity,
    resource: s.resource_id,
    location: s.location_requested ? s.location_id : null,
    bufferBeforeMinutes: s.buffer_before_minutes,
    bufferAfterMinutes: s.buffer_after_minutes,
  }));
  return planBooking({ segments: planSegments, timelines, now: now.getTime(), policy: 'allow', skipStartPassed: true }).conflicts;
}

/** Holds sorted by start; finds those overlapping a range without scanning them all. */
class HoldIndex {
  private readonly holds: HoldFacts[];
  private readonly maxLength: number;
  constructor(holds: readonly HoldFacts[]) {
    this.holds = [...holds].sort((a, b) => a.start - b.start);
    this.maxLength = this.holds.reduce((m, h) => Math.max(m, h.end - h.start), 0);
  }
  overlapping(range: Interval): HoldFacts[] {
    const out: HoldFacts[] = [];
    // A hold starting before range.start − maxLength has ended before the range.
    let lo = 0;
    let hi = this.holds.length;
    const from = range.start - this.maxLength;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.holds[mid].start < from) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.holds.length && this.holds[i].start < range.end; i++) {
      if (this.holds[i].end > range.start) out.push(this.holds[i]);
    }
    return out;
  }
}
