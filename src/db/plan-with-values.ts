import { sql } from 'kysely';

/**
 * A mark for statements whose best plan depends on their values: on the embedded database a
 * statement carrying it is prepared like any other, but planned at each execution with its
 * values (custom plans only, src/db/driver/pglite-driver.ts). A prepared statement soon runs a generic plan, made for
 * the average value; for held time that average is a resource with a hundred segments, and
 * the generic plan walks the resource's whole history (any index that starts with account and
 * resource looks as good as the held-time one), which for a room with 50,000 past bookings
 * cost 250 ms where the plan made with the values costs 0.1 ms (docs/performance.md, "Held
 * time at scale"). PostgreSQL's driver sends unnamed statements, planned with their values
 * each time: there the mark changes nothing.
 */
export const PLAN_WITH_VALUES_TEXT = '/* plan with values */';
export const planWithValues = sql.raw(PLAN_WITH_VALUES_TEXT);
