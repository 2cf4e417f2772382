/**
 * Conflict previews (docs/bookings.md#conflict-previews): the previewed request runs for real, through its own
 * route and service, inside a scope that is always rolled back (db/preview.ts). Before and
 * after it, we read which future bookings are conflicted; the difference is the answer.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { App } from '../../http/server.js';
import type { DbHandle } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { AccountScope } from '../../tenancy/index.js';
import { ApiError, ERROR_TABLE, invalid, type ErrorCode } from '../../lib/errors.js';
import { isoRequired } from '../../lib/time-format.js';
import { runRolledBack } from '../../db/preview.js';
import { withWorkBudget } from '../../lib/work-budget.js';
import type { Conflict } from '../../core/availability/types.js';
import { effectiveStatus } from '../../core/bookings/transitions.js';
import { bookingsById, futureHoldingBookings, segmentsOf, type BookingRow } from '../../capacity/index.js';

export const PREVIEW_LIMIT = 100;

/**
 * A preview re-plans, in one transaction, every future booking the previewed write touches:
 * at most this many booking segments (docs/limits.md). The write itself is not refused for
 * its size; only the preview, which holds the database while it runs, is.
 */
export const MAX_PREVIEW_UNITS = 1_000;
const PREVIEW_ADVICE =
  'Preview a narrower change (a block or override over fewer days, one resource at a time), or make the change and read the booking.conflicted events it produces.';

const ID = '[A-Za-z0-9_-]+';
/** Every write that can change conflicts. */
const SUPPORTED: { method: 'POST' | 'DELETE'; path: RegExp }[] = [
  { method: 'POST', path: new RegExp(`^/v1/resources/${ID}$`) },
  { method: 'POST', path: new RegExp(`^/v1/resources/${ID}/(archive|unarchive)$`) },
  { method: 'POST', path: /^\/v1\/(schedules|schedule_overrides|blocks)$/ },
  { method: 'POST', path: new RegExp(`^/v1/(schedules|schedule_overrides|blocks)/${ID}$`) },
  { method: 'DELETE', path: new RegExp(`^/v1/(schedules|schedule_overrides|blocks)/${ID}$`) },
  { method: 'POST', path: /^\/v1\/bookings$/ },
  { method: 'POST', path: new RegExp(`^/v1/bookings/${ID}/reschedule$`) },
];

export interface PreviewInput {
  method: string;
  path: string;
  body?: Record<string, unknown>;
}

export interface PreviewRequestContext {
  scope: AccountScope;
  authorization: string;
}

interface Flagged {
  start: number;
  conflicts: Conflict[];
  keys: Set<string>;
}

const key = (c: Conflict) => `${c.segment}|${c.resource ?? ''}|${c.reason}`;

/** Conflicted bookings read per statement: a preview reads the account's in pieces. */
const READ_PAGE = 50;

/**
 * Future bookings that hold capacity and are conflicted: id → conflict keys. Read in pages of
 * READ_PAGE, in (start, id) order, with a turn of the event loop between them; outside a
 * transaction, other requests get the database between pages too.
 */
async function conflictedFuture(db: DbHandle, scope: AccountScope, now: Date): Promise<Map<string, Flagged>> {
  const out = new Map<string, Flagged>();
  let after: BookingRow | null = null;
  for (;;) {
    const rows = await futureHoldingBookings(db, scope, now, { onlyConflicted: true }, { after, limit: READ_PAGE });
    for (const r of rows) {
      const conflicts = (r.conflicts as Conflict[] | null) ?? [];
      out.set(r.id, { start: r.start_at.getTime(), conflicts, keys: new Set(conflicts.map(key)) });
    }
    if (rows.length < READ_PAGE) return out;
    after = rows[rows.length - 1];
    await nextTurn();
  }
}

function ordered(ids: string[], starts: Map<string, number>): string[] {
  return ids.sort((a, b) => starts.get(a)! - starts.get(b)! || (a < b ? -1 : 1));
}

async function affected(db: DbHandle, scope: AccountScope, ids: string[], conflictsOf: (id: string, current: Conflict[]) => Conflict[], now: Date) {
  if (ids.length === 0) return [];
  const rows = await bookingsById(db, scope, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const segments = await segmentsOf(db, scope, ids);
  return ids.map((id) => {
    const r = byId.get(id)!;
    return {
      booking: r.id,
      status: effectiveStatus(r.status, r.expires_at?.getTime() ?? null, now.getTime()),
      start: isoRequired(r.start_at),
      end: isoRequired(r.end_at),
      resources: [...new Set((segments.get(id) ?? []).map((s) => s.resource_id))],
      metadata: r.metadata,
      conflicts: conflictsOf(id, (r.conflicts as Conflict[] | null) ?? []),
    };
  });
}

export async function previewConflicts(app: App, db: DbHandle, clock: Clock, ctx: PreviewRequestContext, input: PreviewInput) {
  const method = input.method.toUpperCase();
  const path = input.path;
  if (!SUPPORTED.some((s) => s.method === method && s.path.test(path))) {
    throw invalid(
      'path',
      `Cannot preview ${input.method} ${path}. Previews cover resource update/archive/unarchive, schedule, override and block create/update/delete, booking create and reschedule.`,
    );
  }
  const { scope } = ctx;
  const now = clock.now();
  // Read before the rolled-back scope opens, so that on PGlite it does not hold the database
  // while it reads (a booking flagged meanwhile by another request may then be listed).
  const before = await conflictedFuture(db, scope, now);
  const outcome = await withWorkBudget(MAX_PREVIEW_UNITS, PREVIEW_ADVICE, () => runRolledBack(db, async () => {
    const res = await app.inject({
      method: method as 'POST' | 'DELETE',
      url: path,
      headers: {
        authorization: ctx.authorization,
        'service-account': scope.accountId,
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { payload: JSON.stringify(input.body ?? {}) } : {}),
    });
    if (res.statusCode >= 400) {
      const failed: Record<string, unknown> = (res.json() as { error?: Record<string, unknown> }).error ?? {};
      return { failed, would_conflict: [], would_resolve: [], has_more: false };
    }
    const after = await conflictedFuture(db, scope, now);
    const starts = new Map<string, number>();
    for (const [id, f] of [...before, ...after]) starts.set(id, f.start);
    // Newly conflicted, or conflicted for a reason it did not have before.
    const gained = ordered(
      [...after].filter(([id, f]) => !before.has(id) || [...f.keys].some((k) => !before.get(id)!.keys.has(k))).map(([id]) => id),
      starts,
    );
    // No longer conflicted, or no longer a future booking that holds time (cancelled by a reschedule).
    const lost = ordered([...before.keys()].filter((id) => !after.has(id)), starts);
    return {
      would_conflict: await affected(db, scope, gained.slice(0, PREVIEW_LIMIT), (_id, current) => current, now),
      // The conflicts that would go away, as they are recorded today.
      would_resolve: await affected(db, scope, lost.slice(0, PREVIEW_LIMIT), (id) => before.get(id)!.conflicts, now),
      has_more: gained.length > PREVIEW_LIMIT || lost.length > PREVIEW_LIMIT,
      failed: null,
    };
  }));
  const { failed, ...preview } = outcome;
  if (failed) throw relayed(failed);
  return preview;
}

/** The previewed request's own error, as if it had been sent directly. */
function relayed(e: Record<string, unknown>): ApiError {
  const { code, message, param, type: _t, request_id: _r, ...extra } = e;
  const known = typeof code === 'string' && code in ERROR_TABLE;
  return new ApiError(known ? (code as ErrorCode) : 'internal_error', String(message ?? 'The previewed request failed.'), (param as string | null) ?? null, extra);
}
