import { sql } from 'kysely';

/**
 * A mark for a write that ends a transaction's work and whose answer no one reads: the usage
 * counters' upsert, written just before COMMIT (src/metering/meter.ts).
 *
 * On PostgreSQL, inside a transaction, a statement carrying it is not sent at once: it answers
 * at once with no rows, and goes to the server in the same round trip as the statement that
 * follows it, COMMIT in practice (src/db/driver/pg-round-trips.ts). A booking saves a round
 * trip by it (docs/performance.md, "Round trips"). What the write fails with, the statement it
 * travels with fails with: a deadlock on the counters' row is COMMIT's error, and the use case
 * is retried as it would have been. Outside a transaction, and on the embedded database, it
 * is an ordinary comment.
 */
export const SENT_WITH_NEXT_TEXT = '/* sent with the next statement */';
export const sentWithNext = sql.raw(SENT_WITH_NEXT_TEXT);
