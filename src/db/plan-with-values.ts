import { sql } from 'kysely';

/**
 * A mark for statements whose best plan depends on their values: on the embedded database a
 * statement carrying it is prepared like any other, but planned at each execution with its
 * values (custom plans only, src/db/driver/pglite-driver.ts). A prepared statement soon runs a generic plan, made for
 * the average value; for held time that average is a resource with a hundred segments, and
 * the generic plan walks the resource's whole history (any index that starts with account and
 * resource looks as good as the held-time one), which for a room with 50,000 past bookings
 * cost 250 ms where the plan made with the values costs 0.1 ms (docs/performance.md, "Held
 * time at scale"). On PostgreSQL a text carrying it is never sent as a named statement, so
 * the server plans it with its values each time (src/db/driver/pg-prepared.ts).
 */
export const PLAN_WITH_VALUES_TEXT = '/* plan with values */';
export const planWithValues = sql.raw(PLAN_WITH_VALUES_TEXT);
