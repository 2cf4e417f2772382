/**
 * POST /v1/bookings/import (docs/bookings.md#import): up to 100 bookings in any status, all or
 * nothing, in one transaction. Policy `allow` unless the item says otherwise, start_passed
 * not checked; each item is planned with the same rule as a new booking and sees the items
 * before it. Errors name the item: `bookings[3].segments[0].end`.
 */
import { withTransaction, type DbHandle } from '../../db/transaction.js';
import type { BookingStatus } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import { invalid } from '../../lib/errors.js';
import { metadataForCreate } from '../../lib/metadata.js';
import { Slicer } from '../../lib/slices.js';
import type { ConflictPolicy } from '../../core/availability/types.js';
import { instant, parseSegments, type ParsedSegments, type SegmentBody } from './bookings.input.js';
import { conflictError, customerColumns, lockAndPlan, writeBooking, type ApiBooking, type CustomerBody } from '../../capacity/index.js';

/** Every state but `requested`, which waits for an approval an import never asks (docs/policies.md#imports). */
type ImportStatus = Exclude<BookingStatus, 'requested'>;

export interface ImportItem {
  segments: SegmentBody[];
  status?: ImportStatus;
  seats?: number | null;
  metadata?: Record<string, string>;
  created_at?: string;
  conflict_policy?: ConflictPolicy;
  customer?: CustomerBody | null;
}

const HOLDING: ReadonlySet<ImportStatus> = new Set(['pending', 'confirmed']);

/**
 * An import is all or nothing, so it is one transaction, and on PGlite it holds the only
 * connection while it runs: its size is bounded by cost instead (docs/limits.md). The cost
 * is the candidates of every segment of every item (a `resources` list of 5 counts 5).
 */
export const MAX_IMPORT_UNITS = 200;

function assertImportBudget(items: ImportItem[]): void {
  const units = items.reduce((sum, item) => sum + item.segments.reduce((n, s) => n + (s.resources?.length ?? 1), 0), 0);
  if (units <= MAX_IMPORT_UNITS) return;
  throw invalid(
    'bookings',
    `This import would cost ${units} work units (segments of all bookings, each counted once per candidate resource); the limit is ${MAX_IMPORT_UNITS}. Split it into several imports.`,
  );
}

export async function importBookings(db: DbHandle, scope: AccountScope, items: ImportItem[], now: Date) {
  assertImportBudget(items);
  // Everything that needs no database is checked first, so a bad item costs nothing.
  const prepared = items.map((item, i) => {
    const prefix = `bookings[${i}].`;
    const parsed: ParsedSegments = parseSegments(item.segments, prefix);
    let createdAt = now;
    if (item.created_at !== undefined) {
      const ms = instant(item.created_at, `${prefix}created_at`);
      if (ms > now.getTime()) throw invalid(`${prefix}created_at`, `Invalid ${prefix}created_at: must not be in the future.`);
      createdAt = new Date(ms);
    }
    const customer = customerColumns(item.customer, `${prefix}customer`);
    return { item, parsed, customer, createdAt, status: item.status ?? 'confirmed', policy: item.conflict_policy ?? 'allow' };
  });

  return withTransaction(db, async (trx) => {
    const data: ApiBooking[] = [];
    // Between items the event loop gets a turn: on PGlite every query runs on this thread,
    // and a chain of them would otherwise starve timers and health checks (docs/limits.md).
    const slicer = new Slicer();
    for (const [i, p] of prepared.entries()) {
      await slicer.tick();
      const plan = await lockAndPlan(trx, scope, { ...p.parsed, policy: p.policy, now, skipStartPassed: true, rules: 'none' });
      if (!plan.ok) throw conflictError(plan, `bookings[${i}]`, `Item bookings[${i}]`);
      const { booking } = await writeBooking(
        trx,
        scope,
        {
          plan,
          locationRequested: p.parsed.segments.map((s) => s.locationRequested),
          status: p.status,
          expiresAt: null,
          seats: p.item.seats ?? null,
          policy: p.policy,
          metadata: metadataForCreate(p.item.metadata),
          customer: p.customer,
          // Only bookings that hold capacity can conflict; a past, cancelled or completed
          // booking is history.
          conflicts: HOLDING.has(p.status) ? plan.conflicts : [],
          createdAt: p.createdAt,
          confirmedAt: ['confirmed', 'completed', 'no_show'].includes(p.status) ? p.createdAt : null,
          cancelledAt: p.status === 'cancelled' ? p.createdAt : null,
        },
        now,
      );
      data.push(booking);
    }
    return { object: 'list' as const, data, has_more: false };
  });
}
