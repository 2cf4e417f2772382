import type { Logger } from 'pino';
import { withTransaction, type DbHandle, type Trx } from '../db/transaction.js';
import { scopeOfAccount } from '../tenancy/accounts.repository.js';
import type { AccountScope } from '../tenancy/index.js';

/** At most this many accounts are visited by one pass of a worker that uses passOverAccounts. */
export const ACCOUNTS_PER_PASS = 50;

/**
 * One pass of a worker over the due work of many accounts, in the shape a Citus cluster runs
 * (docs/scaling.md, "Worker passes"):
 * 1. the caller has read which accounts have due work: a plain read, no row locks, which may
 *    reach every shard (Citus refuses FOR UPDATE in a statement that does);
 * 2. each of those accounts then gets a transaction of its own, pinned to its shard, in which
 *    `work` claims its due rows (FOR UPDATE SKIP LOCKED, so that processes running the same
 *    pass split the work) and handles them.
 * One account's failure is logged and never holds back the others. Returns true when an
 * account's `work` said its batch was full; whether the list of accounts was is the caller's to
 * add, since only it knows the limit it read them with.
 */
export async function passOverAccounts(
  db: DbHandle,
  dueAccountIds: readonly string[],
  logger: Logger,
  worker: string,
  work: (trx: Trx, scope: AccountScope) => Promise<boolean>,
): Promise<boolean> {
  let more = false;
  for (const accountId of dueAccountIds) {
    try {
      const full = await withTransaction(db, async (trx) => {
        const scope = await scopeOfAccount(trx, accountId);
        return scope ? work(trx, scope) : false;
      });
      more ||= full;
    } catch (err) {
      logger.error({ err, worker, account: accountId }, 'worker pass failed for one account');
    }
  }
  return more;
}
