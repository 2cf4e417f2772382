import { sql } from 'kysely';

/**
 * A mark for the held-time statements (the facts statement, the caps' segment starts, the long
 * holds of a resource): their plan is made once, without their values, and kept.
 *
 * On the embedded database a statement carrying it runs with the session's plan cache set to
 * generic plans (src/db/driver/pglite-driver.ts); otherwise PostgreSQL plans a prepared
 * statement with its values five times and then keeps whichever its estimates favour, so a
 * process whose first bookings were cheap to plan would plan every later one afresh. Planning
 * is most of what these statements cost: the facts statement names eight tables and every
 * index of each, and on a data folder each index's size is a system call, so a booking's facts
 * took 1.8 ms planned with their values and 0.46 ms with the plan kept (docs/performance.md,
 * "Held time at scale").
 *
 * The plan made without values reads the held-time indexes (on PGlite, at the scale
 * benchmark's size for it) since they hold only the segments
 * that may hold capacity (migration 029): their predicate is proved from the statement's
 * literal statuses, written as a clause of their own (`holdsCapacityIn`,
 * src/capacity/holds.repository.ts), and no other index of `booking_segments` bounds the time,
 * so the generic plan reads a long-booked room's range through them as the plan made with its
 * values does. Before migration 029 it walked the room's whole history (250 ms for a room with
 * 50,000 past bookings), and again, at scale, while the statuses were asked inside an `or`
 * (docs/performance.md, "One plan, kept"). On PostgreSQL a marked text keeps one generic plan
 * too: named, and run with the plan cache switched to generic plans around it, in the same round
 * trip (src/db/driver/pg-prepared.ts). There, at a million bookings, the generic plan read a
 * room's history through another index even so, because the planner took a resource's account
 * and its id for independent conditions and expected about one segment a resource; the extended
 * statistics of migration 030 tell it otherwise (docs/performance.md, "One plan on PostgreSQL").
 * On a Citus coordinator it stays unnamed, planned with its values each time.
 */
export const PLAN_ONCE_TEXT = '/* plan once */';
export const planOnce = sql.raw(PLAN_ONCE_TEXT);
