import type { Logger } from 'pino';
import type { Db } from '../db/connect.js';
import { analyzeGrownTables, EMBEDDED_STATISTICS_TARGET, serverGathersStatistics } from '../db/driver/planner-statistics.js';
import { VacuumPace } from '../db/driver/vacuum-pace.js';
import { pollingWorker, type Worker } from './poller.js';

/**
 * How often the tables are checked for growth. A check is one catalogue query over the tables
 * written since the last (none when nothing was); until a grown table is analysed, prepared
 * statements run plans made for its old size, which made each booking of a new server two to
 * three times as dear for up to a whole interval when it was 30 s (docs/performance.md,
 * "Planner statistics").
 */
export const PLANNER_STATISTICS_INTERVAL_MS = 5_000;

/**
 * The stand-in for autovacuum (src/db/driver/planner-statistics.ts: VACUUM and ANALYZE of each
 * grown table, and a rebuild of its partial indexes once dead entries swell them) where nothing else gathers statistics: always on the embedded database, which has no autovacuum; on
 * PostgreSQL only when the server's `autovacuum` is off, which its first pass asks (a server
 * with it on gathers its own, as a Citus cluster's workers do for their shards, and the worker
 * then sends nothing more). Without them the plans
 * of a table that grew from empty stay those of an empty table: a foreign-key check of a
 * booking's segment read every booking of the account through `bookings (account_id,
 * start_at)`, more with every minute of a soak. Its first pass, soon after a start, analyses
 * what was written while the service was stopped (an import, a restore).
 */
export function plannerStatisticsWorkers(db: Db, logger: Logger): Worker[] {
  let firstPass = true;
  let engineGathers = false;
  const partialIndexPages = new Map<string, number>();
  const analysedPages = new Map<string, number>();
  // Only the embedded database's vacuums are spaced: on a server a throttled vacuum holds no
  // other session.
  const vacuumPace = db.kind === 'pglite' ? new VacuumPace() : undefined;
  return [
    pollingWorker('planner-statistics', PLANNER_STATISTICS_INTERVAL_MS, logger, async () => {
      if (engineGathers) return false;
      if (firstPass && db.kind === 'postgres') {
        engineGathers = await serverGathersStatistics(db.kysely);
        if (engineGathers) return false;
      }
      // The first pass looks at every table; later ones only at those written since (none: no
      // query). A pass that fails forgets its tables until they are written again: growth
      // comes from writes, so the next write brings them back.
      const written = db.tableWrites?.take();
      if (!firstPass && written?.length === 0 && !vacuumPace?.owed().length) return false;
      const analysed = await analyzeGrownTables(db.kysely, {
        written: firstPass ? undefined : written,
        statisticsTarget: db.kind === 'pglite' ? EMBEDDED_STATISTICS_TARGET : undefined,
        vacuum: true,
        partialIndexPages,
        analysedPages,
        vacuumPace,
        concurrently: db.kind === 'postgres',
        throttle: db.kind === 'postgres',
      });
      firstPass = false;
      if (analysed.length) logger.debug({ tables: analysed }, 'planner statistics gathered');
      return false;
    }),
  ];
}
