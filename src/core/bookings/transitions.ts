/**
 * Booking and attendee states (docs/bookings.md#lifecycle). Attendee states mirror booking states,
 * so both use these rules:
 *
 *   requested → confirmed (approve) | cancelled (decline, cancel; the approval timeout)
 *   pending   → confirmed | cancelled | expired
 *   confirmed → cancelled | completed | no_show   (complete/no_show once started)
 *   cancelled, expired, completed, no_show: terminal
 */

export type BookingStatus = 'requested' | 'pending' | 'confirmed' | 'cancelled' | 'expired' | 'completed' | 'no_show';
/** Attendees also wait for a seat (docs/waitlists.md): waitlisted → cancelled, or promoted. */
export type AttendeeStatus = Exclude<BookingStatus, 'requested'> | 'waitlisted';

export type BookingAction = 'confirm' | 'cancel' | 'expire' | 'complete' | 'no_show' | 'approve' | 'decline';

export interface TransitionError {
  ok: false;
  code: 'invalid_state_transition';
  message: string;
}

export type TransitionResult = { ok: true; status: BookingStatus } | TransitionError;

export const TERMINAL_STATUSES: ReadonlySet<BookingStatus> = new Set(['cancelled', 'expired', 'completed', 'no_show']);

const TARGET: Record<BookingAction, BookingStatus> = {
  confirm: 'confirmed',
  cancel: 'cancelled',
  expire: 'expired',
  complete: 'completed',
  no_show: 'no_show',
  approve: 'confirmed',
  decline: 'cancelled',
};

const ALLOWED_FROM: Record<BookingAction, readonly BookingStatus[]> = {
  confirm: ['pending'],
  cancel: ['requested', 'pending', 'confirmed'],
  expire: ['pending'],
  complete: ['confirmed'],
  no_show: ['confirmed'],
  approve: ['requested'],
  decline: ['requested'],
};

export function isTerminal(status: BookingStatus): boolean {
  return TERMINAL_STATUSES.has(status);
}

/**
 * The status as it must be shown: a pending booking (or attendee) past its
 * expires_at reads as expired even before the expiry job has written it; a requested booking
 * past its approval timeout (its expires_at) reads as cancelled: it is declined
 * (docs/policies.md#approval).
 */
export function effectiveStatus<S extends BookingStatus | AttendeeStatus>(status: S, expiresAt: number | null, now: number): S | 'expired' | 'cancelled' {
  if (expiresAt === null || now < expiresAt) return status;
  return status === 'pending' ? 'expired' : status === 'requested' ? 'cancelled' : status;
}

/** Whether a booking in this state holds capacity (pending not past expires_at, or confirmed). */
export function holdsCapacity(status: BookingStatus, expiresAt: number | null, now: number): boolean {
  const s = effectiveStatus(status, expiresAt, now);
  return s === 'requested' || s === 'pending' || s === 'confirmed';
}

export interface TransitionContext {
  now: number;
  /** The booking's start (earliest segment start); complete and no_show need now ≥ start. */
  start: number;
  /** When given, a pending status past it counts as expired (no confirming a lapsed hold). */
  expiresAt?: number | null;
}

export function nextStatus(current: BookingStatus, action: BookingAction, ctx: TransitionContext): TransitionResult {
  const status = effectiveStatus(current, ctx.expiresAt ?? null, ctx.now);
  const target = TARGET[action];
  if (!ALLOWED_FROM[action].includes(status)) {
    const why = isTerminal(status) ? `it is ${status}, a final state` : `it is ${status}`;
    return fail(`Cannot ${verb(action)} the booking: ${why}.`);
  }
  if ((action === 'complete' || action === 'no_show') && ctx.now < ctx.start) {
    return fail(`Cannot ${verb(action)} the booking before it has started.`);
  }
  return { ok: true, status: target };
}

/**
 * Attendees follow the booking rules; `start` is their booking's start. A waitlisted attendee
 * can only be cancelled: it leaves the line by promotion, never by confirm.
 */
export function nextAttendeeStatus(current: AttendeeStatus, action: BookingAction, ctx: TransitionContext): TransitionResult {
  if (current !== 'waitlisted') return nextStatus(current, action, ctx);
  if (action === 'cancel') return { ok: true, status: 'cancelled' };
  return fail(`Cannot ${verb(action)} the booking: it is waitlisted, and takes a seat only when promoted.`);
}

function verb(action: BookingAction): string {
  return action === 'no_show' ? 'mark as no-show' : action;
}

function fail(message: string): TransitionError {
  return { ok: false, code: 'invalid_state_transition', message };
}
