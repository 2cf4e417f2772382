/**
 * The horizon worker (docs/series.md): keeps every active series generated to its horizon
 * and ends the ones whose rule is over. A series is due when its next ungenerated occurrence
 * comes within horizon_days (or its last one is over). Each due series is worked in its own
 * transaction: its template's resources are locked first (the one lock order), then the row is
 * claimed with FOR UPDATE SKIP LOCKED, so processes sharing a database never work on one
 * series at once, and one that was just brought up to date is no longer due.
 */
import type { Logger } from 'pino';
import { withTransaction, type DbHandle } from '../../db/transaction.js';
import { pollingWorker, type Pacing, type Worker } from '../../workers/poller.js';
import { lockResources } from '../../capacity/index.js';
import { claimSeries, dueSeries, lineageOf, nextSeriesDue } from './series.repository.js';
import { scopeOfAccount } from '../../tenancy/accounts.repository.js';
import { advanceSeries } from './series.generate.js';
import { seriesResources } from './series.change.js';
import type { Clock } from '../../lib/clock.js';

const BATCH = 20;

/** One pass: works through up to BATCH due series; true when there may be more. */
export async function advanceDueSeries(db: DbHandle, clock: Clock, logger: Logger): Promise<boolean> {
  const now = clock.now();
  const due = await dueSeries(db, now, BATCH);
  for (const candidate of due) {
    try {
      await withTransaction(db, async (trx) => {
        const scope = await scopeOfAccount(trx, candidate.account_id);
        if (!scope) return;
        const locked = seriesResources(candidate.template);
        await lockResources(trx, scope, locked);
        const row = await claimSeries(trx, scope, candidate.id, now);
        // Taken by another process, or no longer due.
        if (!row) return;
        // The template changed since it was read: its resources are not all locked; next pass.
        if (seriesResources(row.template).join() !== locked.join()) return;
        await advanceSeries(trx, scope, row, now, { lineage: await lineageOf(trx, scope, row) });
      });
    } catch (err) {
      // One broken series must not hold back the others.
      logger.error({ err, series: candidate.id }, 'series horizon: generation failed');
    }
  }
  return due.length === BATCH;
}

/** Woken by writes to series (a new or changed one may be due at once); sleeps no later than the next due_at. */
export function horizonWorker(db: DbHandle, clock: Clock, pacing: Pacing, logger: Logger): Worker {
  return pollingWorker('series.horizon', pacing, logger, () => advanceDueSeries(db, clock, logger), {
    wakeOn: ['series'],
    nextDue: (now) => nextSeriesDue(db, now),
  });
}
