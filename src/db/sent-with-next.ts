import { sql } from 'kysely';

/**
 * A mark for a statement whose answer no one reads: the resource lock (src/capacity/locks.ts),
 * a new booking's insert (its rows are the caller's own), an event's insert (which counts its own
 * deliveries: src/events/fanout.repository.ts), the usage counters' upsert written just before
 * COMMIT (src/metering/meter.ts), and the notices sent with COMMIT.
 *
 * On PostgreSQL, inside a transaction, a statement carrying it is not sent at once: it answers
 * at once with no rows, and goes to the server in the same round trip as the statement that
 * follows it (src/db/driver/pg-round-trips.ts): the lock with a booking's facts; the booking,
 * its event and the counters with COMMIT. A booking takes two round trips by it
 * (docs/performance.md, "Round trips"). The server runs them in order, each statement with a
 * snapshot taken when it starts, so a read after a held lock sees what committed before the
 * lock was granted, as it would in a round trip of its own. What a held statement fails with,
 * the statement it travels with fails with: a deadlock on the lock or the counters' row is the
 * next statement's error, and the use case is retried as it would have been. Outside a
 * transaction, and on the embedded database, it is an ordinary comment.
 */
export const SENT_WITH_NEXT_TEXT = '/* sent with the next statement */';
export const sentWithNext = sql.raw(SENT_WITH_NEXT_TEXT);
