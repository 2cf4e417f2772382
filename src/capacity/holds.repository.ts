/**
 * "Holds capacity", in SQL: the one definition every query uses. The SQL twin of the core's
 * `holdsCapacity` (src/core/bookings/transitions.ts): a booking holds its time while it is
 * confirmed, or pending and not past its expires_at at `now`. `now` is the clock's time,
 * passed as a parameter (never the database's now()), so a test clock governs it too.
 */
import { sql, type RawBuilder } from 'kysely';

/** Attendee states that take seats besides a live pending one. */
export const SEAT_TAKING = ['confirmed', 'completed', 'no_show'] as const;

const column = (alias: string | null, name: string) => sql.ref(alias ? `${alias}.${name}` : name);

/** Where a row keeps a booking's (or attendee's) status and expires_at. */
interface StatusColumns {
  status: string;
  expires: string;
}
const OWN: StatusColumns = { status: 'status', expires: 'expires_at' };
/** A booking segment's copies of its booking's (migration 011). */
const SEGMENT_COPIES: StatusColumns = { status: 'booking_status', expires: 'booking_expires_at' };

function pendingAndLiveIn(alias: string | null, columns: StatusColumns, now: Date): RawBuilder<boolean> {
  const expires = column(alias, columns.expires);
  return sql<boolean>`(${column(alias, columns.status)} = 'pending' and (${expires} is null or ${expires} > ${now}))`;
}

function holdsCapacityIn(alias: string | null, columns: StatusColumns, now: Date): RawBuilder<boolean> {
  return sql<boolean>`(${column(alias, columns.status)} = 'confirmed' or ${pendingAndLiveIn(alias, columns, now)})`;
}

/** A pending booking or attendee whose hold has not lapsed (no expires_at, or later than now). */
export function pendingAndLive(alias: string | null, now: Date): RawBuilder<boolean> {
  return pendingAndLiveIn(alias, OWN, now);
}

/** A pending booking or attendee past its expires_at: it reads as expired. */
export function pendingAndLapsed(alias: string | null, now: Date): RawBuilder<boolean> {
  return sql<boolean>`(${column(alias, 'status')} = 'pending' and ${column(alias, 'expires_at')} <= ${now})`;
}

/** THE rule: the booking holds capacity at `now`. */
export function holdsCapacity(alias: string | null, now: Date): RawBuilder<boolean> {
  return holdsCapacityIn(alias, OWN, now);
}

/**
 * The same rule, asked of a booking segment through its copies of the booking's status and
 * expires_at: no lookup of the booking (docs/performance.md, "Held time").
 */
export function segmentHoldsCapacity(alias: string, now: Date): RawBuilder<boolean> {
  return holdsCapacityIn(alias, SEGMENT_COPIES, now);
}

/** The attendee takes seats of its booking at `now`. */
export function takesSeats(alias: string | null, now: Date): RawBuilder<boolean> {
  return sql<boolean>`(${column(alias, 'status')} in (${sql.join([...SEAT_TAKING])}) or ${pendingAndLive(alias, now)})`;
}
