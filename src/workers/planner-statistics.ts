import type { Logger } from 'pino';
import type { Db } from '../db/connect.js';
import { analyzeGrownTables } from '../db/driver/planner-statistics.js';
import { pollingWorker, type Worker } from './poller.js';

/**
 * How often the embedded database's tables are checked for growth. A check is one catalogue
 * query over the tables written since the last (none when nothing was); until a grown table
 * is analysed, prepared statements run plans made for its old size, which made each booking
 * of a new server two to three times as dear for up to a whole interval when it was 30 s
 * (docs/performance.md, "Planner statistics").
 */
export const PLANNER_STATISTICS_INTERVAL_MS = 5_000;

/**
 * The embedded database's stand-in for autovacuum's ANALYZE (src/db/driver/planner-statistics.ts):
 * none on PostgreSQL, which gathers its own. Its first pass, soon after a start, analyses
 * what was written while the service was stopped (an import, a restore).
 */
export function plannerStatisticsWorkers(db: Db, logger: Logger): Worker[] {
  if (db.kind !== 'pglite') return [];
  let firstPass = true;
  return [
    pollingWorker('planner-statistics', PLANNER_STATISTICS_INTERVAL_MS, logger, async () => {
      // The first pass looks at every table; later ones only at those written since (none: no
      // query). A pass that fails forgets its tables until they are written again: growth
      // comes from writes, so the next write brings them back.
      const written = db.tableWrites?.take();
      if (!firstPass && written?.length === 0) return false;
      const analysed = await analyzeGrownTables(db.kysely, firstPass ? undefined : written);
      firstPass = false;
      if (analysed.length) logger.debug({ tables: analysed }, 'planner statistics gathered');
      return false;
    }),
  ];
}
