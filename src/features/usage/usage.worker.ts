import type { Logger } from 'pino';
import type { DbHandle } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { pollingWorker, type Worker } from '../../workers/poller.js';
import { UsageService } from './usage.service.js';

/**
 * Opens each month and issues the statements of closed ones (docs/usage.md#usage-statements).
 * A pass that finds nothing to do costs no query (the service remembers the months it opened
 * and the statements it issued), so it may poll as often as the other workers.
 */
export function statementWorker(db: DbHandle, clock: Clock, intervalMs: number, logger: Logger): Worker {
  const service = new UsageService(db, clock);
  return pollingWorker('usage-statements', intervalMs, logger, async () => (await service.issueDueStatements()) >= 100);
}
