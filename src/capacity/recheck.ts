import { setImmediate as nextTurn } from 'node:timers/promises';
import { followUp, withTransaction, type DbHandle, type Trx } from '../db/transaction.js';
import { transactionsHoldEveryTenant } from '../db/engine.js';
import type { AccountScope } from '../tenancy/index.js';
import { changedAttributes, recordEvents } from '../events/outbox.repository.js';
import { loadResourceFacts, type ResourceFactsBundle } from './facts.repository.js';
import { lockAllResources, lockResources, type ResourceLocks } from './locks.js';
import { buildResourceTimeline, timelineRangeFor, type ResourceTimeline } from '../core/availability/resource-timeline.js';
import { planBooking, type PlanSegmentInput } from '../core/availability/booking-plan.js';
import type { Conflict, HoldFacts } from '../core/availability/types.js';
import { heldLongOnResources, heldOnResourcePage, type HeldPlace } from './holds.repository.js';
import type { Interval } from '../core/time/types.js';
import { chargeWork, workLeft } from '../lib/work-budget.js';
import { Slicer } from '../lib/slices.js';
import { countFutureHolding, futureHoldingBookings, futureHoldingBookingsAmong, segmentsOf, seatsTakenOf, writeConflicts, type BookingRow, type FutureHoldingFilter, type SegmentRow, type StartAndId } from './bookings.repository.js';
import { serializeBooking, type ApiBooking } from './bookings.serializer.js';

export interface RecheckOptions {
  /** Only bookings already flagged (after capacity was freed: a cancel, expiry or reschedule). */
  onlyConflicted?: boolean;
  /** The resources to re-check, among those locked; default: every locked one. */
  resources?: string[];
}

/**
 * How long one piece of a re-check that follows a change may take (one transaction). The
 * number of bookings per piece adapts to it, between 1 and MAX_PIECE: halved after a slower
 * piece, doubled after one under half of it.
 *
 * A piece is about ten statements (the locks, its bookings, their segments, the facts, the
 * flags, the events, the usage) that cost about the same whatever its size: on a busy process
 * they took 7–10 ms together. With 5 ms a piece everywhere, every piece shrank to one booking,
 * and a re-check of 1,000 bookings ran those statements 1,000 times: archiving a pool with 1,000
 * future bookings took 10 s on PGlite and 6–7 s on PostgreSQL, and 1,200 bookings of 20 segments
 * 34 s on Citus (docs/performance.md, "Re-checks").
 *
 * On the embedded engine a piece holds the database for every tenant, so it stays well inside
 * the 50 ms p99 that another tenant's request is promised (docs/limits.md): 25 ms, several
 * bookings a piece. On a database server it holds only the re-checked resources' locks (a
 * booking of one of them waits for it; no one else does), and its planning yields the event
 * loop in slices: 50 ms, tens of bookings a piece.
 */
export const RECHECK_PIECE_MS = { embedded: 25, server: 50 } as const;
const FIRST_PIECE = 4;
const MAX_PIECE = 64;

/**
 * Re-checks future bookings against the current facts (docs/bookings.md#re-checks), updating
 * `conflicted`/`conflicts` and writing booking.conflicted / booking.conflict_resolved events.
 * Called by every write that can change conflicts: resource update/archive/unarchive,
 * schedules, overrides, blocks, calendar feeds; and, for flagged bookings only, by what frees
 * capacity (cancel, expiry, reschedule).
 *
 * It re-checks the resources the caller has locked (`locks`, step 1 of the lock order), or
 * those of them named in `options.resources`; locks on 'all' re-check every resource of the
 * account.
 *
 * A re-check of every future booking (a change of facts) follows the change: it runs once the
 * caller's transaction has committed, before its request answers, in pieces of at most
 * tens of milliseconds (RECHECK_PIECE_MS), each its own transaction under the same resource locks
 * (settleRecheck). So the change never holds the database (on PGlite, every tenant's) for as
 * long as its re-check takes. The flags are derived: nothing that plans or accepts held time reads them. A re-check
 * of only the flagged bookings stays in the caller's transaction (few bookings, and the
 * capacity it frees is offered at once).
 */
export async function recheckBookings(trx: Trx, scope: AccountScope, locks: ResourceLocks, now: Date, options: RecheckOptions = {}): Promise<void> {
  const locked = locks.resources;
  const touched = options.resources ? [...new Set(options.resources)] : locked === 'all' ? 'all' : [...locked];
  if (touched !== 'all' && touched.length === 0) return;
  const filter: FutureHoldingFilter = { resourceIds: touched === 'all' ? undefined : touched, onlyConflicted: options.onlyConflicted };
  if (!options.onlyConflicted && followUp(trx, (db) => settleRecheck(db, scope, touched, filter, now))) return;
  const { bookings } = await candidatesOf(scope, touched, filter, now).next(trx, Infinity);
  if (bookings.length === 0) return;
  const segments = await segmentsOf(trx, scope, bookings.map((b) => b.id));
  const total = [...segments.values()].reduce((n, list) => n + list.length, 0);
  // The cost of what follows is bookings × segments; a conflict preview refuses it over its
  // budget before anything is planned (docs/limits.md).
  chargeWork(total, describeWork(bookings.length, total));
  await recheckRows(trx, scope, bookings, segments, now);
}

const describeWork = (bookings: number, segments: number) => `a re-check of ${bookings} future bookings with ${segments} segments`;

/**
 * The re-check of every future booking of `touched`, after the change has committed: in
 * pieces of about RECHECK_PIECE_MS (in (start, id) order for the whole account, in the order of
 * their held segments for some resources: HeldCandidates), each one transaction that takes the
 * resource locks again and reads the facts afresh, with a turn of the event loop between
 * pieces so that queued requests get the database. Each booking's result depends only on the
 * facts and the held time of bookings older than it, never on another booking's flags, so the
 * pieces give what one pass would. A change committed meanwhile re-checks everything itself;
 * the pieces left of this one then read its facts too.
 */
async function settleRecheck(db: DbHandle, scope: AccountScope, touched: readonly string[] | 'all', filter: FutureHoldingFilter, now: Date): Promise<void> {
  const left = workLeft();
  if (left !== null) {
    // A preview's budget is charged with one bounded count, before anything is read or planned.
    const work = await countFutureHolding(db, scope, now, filter, left);
    chargeWork(work.segments, describeWork(work.bookings, work.segments) + (work.more ? ', counted up to the limit; there are more' : ''));
  }
  const candidates = candidatesOf(scope, touched, filter, now);
  const budgetMs = transactionsHoldEveryTenant(db) ? RECHECK_PIECE_MS.embedded : RECHECK_PIECE_MS.server;
  let size = FIRST_PIECE;
  for (;;) {
    let started = 0;
    let last = false;
    await withTransaction(db, async (trx) => {
      // Timed from when the piece has the database, not while it queues behind others.
      started = performance.now();
      if (touched === 'all') await lockAllResources(trx, scope);
      else await lockResources(trx, scope, touched);
      const piece = await candidates.next(trx, size);
      last = piece.last;
      const bookings = piece.bookings;
      await recheckRows(trx, scope, bookings, await segmentsOf(trx, scope, bookings.map((b) => b.id)), now);
    });
    if (last) return;
    const took = performance.now() - started;
    if (took > budgetMs) size = Math.max(1, size >> 1);
    else if (took < budgetMs / 2) size = Math.min(MAX_PIECE, size * 2);
    await nextTurn();
  }
}

/** The next bookings of a re-check, and whether they are the last. */
interface Piece {
  bookings: BookingRow[];
  last: boolean;
}

/** Where a re-check finds its bookings, `n` at a time (Infinity: all at once). */
interface Candidates {
  next(trx: Trx, n: number): Promise<Piece>;
}

/**
 * THE candidates of a re-check, pieced or not: the resources' own held segments when it names
 * resources (HeldCandidates); every future booking of the account in (start, id) order when it
 * re-checks all of them, or only the flagged ones, which their own index finds.
 */
function candidatesOf(scope: AccountScope, touched: readonly string[] | 'all', filter: FutureHoldingFilter, now: Date): Candidates {
  return touched === 'all' || filter.onlyConflicted ? new FutureInStartOrder(scope, filter, now) : new HeldCandidates(scope, touched, now);
}

/** The future bookings of the account that match `filter`, in (start, id) order, by keyset pages. */
class FutureInStartOrder implements Candidates {
  #after: StartAndId | null = null;

  constructor(
    private readonly scope: AccountScope,
    private readonly filter: FutureHoldingFilter,
    private readonly now: Date,
  ) {}

  async next(trx: Trx, n: number): Promise<Piece> {
    const page = Number.isFinite(n) ? { after: this.#after, limit: n } : undefined;
    const bookings = await futureHoldingBookings(trx, this.scope, this.now, this.filter, page);
    this.#after = bookings[bookings.length - 1] ?? this.#after;
    return { bookings, last: bookings.length < n };
  }
}

/** Rows of a resource's held segments read at once by HeldCandidates: a bounded statement. */
const CANDIDATE_PAGE = 500;

/**
 * The bookings held on some resources from `now` on, each once, read a page at a time from the
 * resources' own held segments (holds.repository.ts): what a re-check of those resources must
 * look at. Walking every future booking of the account instead, and asking each for a segment
 * on them, made a calendar feed's sync cost the account's whole future, more with every
 * booking it took (docs/bookings.md#re-checks). Every page is read in the piece's own
 * transaction, under its locks. Any order of the bookings gives what one pass would (each
 * booking is checked against older ones only, never their flags), so the pieces follow the
 * segments' order.
 */
class HeldCandidates implements Candidates {
  readonly #seen = new Set<string>();
  readonly #queue: string[] = [];
  readonly #resources: string[];
  #after: HeldPlace | null = null;
  #longRead = false;

  constructor(
    private readonly scope: AccountScope,
    resources: readonly string[],
    private readonly now: Date,
  ) {
    this.#resources = [...resources];
  }

  /** The next `n` candidates (fewer only when none are left), of them those still held and not over. */
  async next(trx: Trx, n: number): Promise<Piece> {
    while (this.#queue.length < n && (!this.#longRead || this.#resources.length > 0)) await this.#readPage(trx);
    const ids = this.#queue.splice(0, n);
    return { bookings: await futureHoldingBookingsAmong(trx, this.scope, this.now, ids), last: ids.length < n };
  }

  async #readPage(trx: Trx): Promise<void> {
    if (!this.#longRead) {
      this.#longRead = true;
      this.#add(await heldLongOnResources(trx, this.scope, this.#resources, this.now));
      return;
    }
    const page = await heldOnResourcePage(trx, this.scope, this.#resources[0], this.now, this.#after, CANDIDATE_PAGE);
    this.#add(page.map((p) => p.booking_id));
    if (page.length < CANDIDATE_PAGE) {
      this.#resources.shift();
      this.#after = null;
    } else this.#after = page[page.length - 1];
  }

  #add(ids: readonly string[]): void {
    for (const id of ids) {
      if (this.#seen.has(id)) continue;
      this.#seen.add(id);
      this.#queue.push(id);
    }
  }
}

/** Re-plans the given bookings (their segments given) and writes what changed, with its events. */
async function recheckRows(trx: Trx, scope: AccountScope, bookings: BookingRow[], segments: Map<string, SegmentRow[]>, now: Date): Promise<void> {
  const allSegments = [...segments.values()].flat();
  if (allSegments.length === 0) return;
  const resources = [...new Set(allSegments.map((s) => s.resource_id))];
  const whole: Interval = timelineRangeFor({
    start: Math.min(...allSegments.map((s) => s.held_start.getTime())),
    end: Math.max(...allSegments.map((s) => s.held_end.getTime())),
  });
  const bundles = await loadResourceFacts(trx, scope, resources, whole, now);
  const holdIndex = new Map([...bundles].map(([id, b]) => [id, new HoldIndex(b.holds)]));

  const changed: { row: BookingRow; conflicts: Conflict[]; gained: boolean }[] = [];
  // Planning runs in slices, leaving the event loop free between them (docs/limits.md).
  const slicer = new Slicer();
  for (const row of bookings) {
    await slicer.tick();
    const segs = segments.get(row.id) ?? [];
    if (segs.length === 0) continue;
    // A segment whose held time is over is history: a booking in progress, re-checked for a
    // segment still to come, keeps what was recorded of the ones behind it (docs/bookings.md#re-checks).
    const over = new Set(segs.flatMap((s, index) => (s.held_end.getTime() <= now.getTime() ? [index] : [])));
    const fresh = checkOne(row, segs, bundles, holdIndex, now).filter((c) => !over.has(c.segment));
    // Facts of the moment the booking was made or moved, which the re-check does not look at
    // again: a booking never becomes (or stops being) too soon because time passed.
    const kept = ((row.conflicts as Conflict[] | null) ?? []).filter((c) => KEPT_REASONS.has(c.reason) || over.has(c.segment));
    const next = [...kept, ...fresh].sort((a, b) => a.segment - b.segment);
    const before = new Set(((row.conflicts as Conflict[] | null) ?? []).map(conflictKey));
    const after = new Set(next.map(conflictKey));
    const gained = [...after].some((k) => !before.has(k));
    const lost = [...before].some((k) => !after.has(k));
    if (gained || lost) changed.push({ row, conflicts: next, gained });
  }
  if (changed.length === 0) return;

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
  }
  await recordEvents(trx, scope, 'booking.conflicted', events['booking.conflicted'], now);
  await recordEvents(trx, scope, 'booking.conflict_resolved', events['booking.conflict_resolved'], now);
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
    const holds = holdIndex.get(id)!.overlapping(range).filter((h) => h.bookingId !== null && h.bookingId < row.id);
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
