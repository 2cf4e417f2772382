/**
 * The calendar feed worker (docs/calendar-feeds.md#syncing): every poll it claims feeds that
 * are due, account by account (FOR UPDATE SKIP LOCKED, leased past a sync's time limit, so several processes
 * never sync one feed at once) and syncs each. One feed's failure is recorded on that feed
 * and never stops the others.
 */
import type { Logger } from 'pino';
import type { DbHandle } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { passOverAccounts } from '../../workers/account-pass.js';
import type { Clock } from '../../lib/clock.js';
import { pollingWorker, type Pacing, type PollingWorker, type Worker } from '../../workers/poller.js';
import { accountsWithDueFeeds, claimDueFeeds, nextFeedDue } from './calendar-feeds.repository.js';
import type { CalendarFeedsService } from './calendar-feeds.service.js';
import { FetchStopped } from './fetch.js';

export const SYNC_BATCH = 10;

export async function syncDueFeeds(db: DbHandle, clock: Clock, service: CalendarFeedsService, leaseMs: number, logger: Logger, stop?: AbortSignal): Promise<boolean> {
  const now = clock.now();
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const claimed: { scope: AccountScope; id: string }[] = [];
  const accounts = await accountsWithDueFeeds(db, now, SYNC_BATCH);
  await passOverAccounts(db, accounts, logger, 'calendar-feeds.sync', async (trx, scope) => {
    const budget = SYNC_BATCH - claimed.length;
    if (budget <= 0) return true;
    for (const id of await claimDueFeeds(trx, scope, now, leaseUntil, budget)) claimed.push({ scope, id });
    return false;
  });
  await Promise.all(
    claimed.map(async ({ scope, id }) => {
      try {
        await service.sync(scope, id, stop);
      } catch (err) {
        // Given up as the worker stops, deleted meanwhile, or a database error: the lease runs
        // out and it is tried again.
        if (err instanceof FetchStopped) logger.info({ feed: id }, err.message);
        else logger.warn({ err, feed: id }, 'calendar feed sync failed');
      }
    }),
  );
  return claimed.length === SYNC_BATCH;
}

/**
 * Woken by writes to calendar_feeds (a new feed is due at once); sleeps no later than the next
 * next_sync_at. Stopping with `abort` fired gives up the fetches in flight (a shutdown does not
 * wait out a feed that hangs).
 */
export function calendarFeedWorker(db: DbHandle, clock: Clock, service: CalendarFeedsService, pacing: Pacing, leaseMs: number, logger: Logger): Worker {
  const poller: PollingWorker = pollingWorker('calendar-feeds.sync', pacing, logger, () => syncDueFeeds(db, clock, service, leaseMs, logger, poller.abandoned), {
    wakeOn: ['calendar_feeds'],
    nextDue: (now) => nextFeedDue(db, now),
  });
  return poller;
}
