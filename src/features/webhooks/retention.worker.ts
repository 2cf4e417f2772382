import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import type { DbHandle } from '../../db/transaction.js';
import { pollingWorker, type Worker } from '../../workers/poller.js';
import { ACCOUNTS_PER_PASS, passOverAccounts } from '../../workers/account-pass.js';
import type { Clock } from '../../lib/clock.js';
import { deletePlatformEventsCreatedBefore } from '../events/index.js';
import { deleteExpiredIdempotencyKeys } from '../../http/idempotency.js';
import { platformsRetention } from '../../tenancy/platforms.repository.js';
import { accountIdsOfPlatform } from '../../tenancy/accounts.repository.js';
import { accountsWithSessionPrefillBefore, eraseSessionPrefillsEndedBefore } from '../../tenancy/index.js';
import { accountsWithPersonalDataBefore, erasePersonalDataEndedBefore, lockResources } from '../../capacity/index.js';
import { deleteFinishedDeliveriesBefore } from './deliveries.repository.js';

const BATCH = 1000;
/** Bookings (and attendees) whose customer one account's transaction tombstones at most. */
const PERSONAL_DATA_BATCH = 200;
/** Account ids read at a time while looking for those with personal data past retention. */
const ACCOUNT_PAGE = 1000;
const DAY_MS = 86_400_000;

export interface RetentionResult {
  events: number;
  deliveries: number;
  idempotencyKeys: number;
  personalData: { bookings: number; attendees: number; bookingSessions: number };
  more: boolean;
}

/**
 * The retention of every platform (docs/privacy.md#retention), in bounded batches: events
 * older than its `events_retention_days` (their deliveries go with them by foreign key),
 * finished deliveries older than its `deliveries_retention_days`, and, where it sets
 * `bookings_personal_data_retention_days`, the customer of bookings and attendees that ended
 * longer ago than that, replaced with the erasure tombstone, and the customer prefill of booking
 * sessions that ended longer ago than that, removed (one transaction per account,
 * src/workers/account-pass.ts). Idempotency keys go after 24 hours. `more`: a batch was full.
 */
export async function runRetention(db: DbHandle, now: Date, logger?: Logger): Promise<RetentionResult> {
  const result: RetentionResult = { events: 0, deliveries: 0, idempotencyKeys: 0, personalData: { bookings: 0, attendees: 0, bookingSessions: 0 }, more: false };
  for (const platform of await platformsRetention(db)) {
    const events = await deletePlatformEventsCreatedBefore(db, platform.id, new Date(now.getTime() - platform.events_retention_days * DAY_MS), BATCH);
    const deliveries = await deleteFinishedDeliveriesBefore(db, platform.id, new Date(now.getTime() - platform.deliveries_retention_days * DAY_MS), BATCH);
    result.events += events;
    result.deliveries += deliveries;
    result.more ||= events === BATCH || deliveries === BATCH;
    if (platform.bookings_personal_data_retention_days !== null) {
      const cutoff = new Date(now.getTime() - platform.bookings_personal_data_retention_days * DAY_MS);
      // Not `result.more ||= await …`: that would skip the pass whenever a batch before it was full.
      const more = await personalDataPass(db, platform.id, cutoff, now, result, logger);
      result.more ||= more;
    }
  }
  result.idempotencyKeys = await deleteExpiredIdempotencyKeys(db, now, BATCH);
  result.more ||= result.idempotencyKeys === BATCH;
  return result;
}

/**
 * One platform's personal-data retention: its accounts with customers (on bookings, attendees
 * or booking sessions' prefill) past `cutoff`, up to ACCOUNTS_PER_PASS of them.
 */
async function personalDataPass(db: DbHandle, platformId: string, cutoff: Date, now: Date, result: RetentionResult, logger?: Logger): Promise<boolean> {
  const due = new Set<string>();
  let after = '';
  for (;;) {
    const page = await accountIdsOfPlatform(db, platformId, after, ACCOUNT_PAGE);
    for (const id of await accountsWithPersonalDataBefore(db, page, cutoff, ACCOUNTS_PER_PASS - due.size)) due.add(id);
    for (const id of await accountsWithSessionPrefillBefore(db, page, cutoff, ACCOUNTS_PER_PASS - due.size)) due.add(id);
    if (page.length < ACCOUNT_PAGE || due.size >= ACCOUNTS_PER_PASS) break;
    after = page[page.length - 1]!;
  }
  const full = await passOverAccounts(db, [...due], logger ?? silentLogger, 'webhooks.retention', async (trx, scope) => {
    const erased = await erasePersonalDataEndedBefore(trx, scope, await lockResources(trx, scope, []), cutoff, now, PERSONAL_DATA_BATCH);
    const sessions = await eraseSessionPrefillsEndedBefore(trx, scope, cutoff, PERSONAL_DATA_BATCH);
    result.personalData.bookings += erased.bookings;
    result.personalData.attendees += erased.attendees;
    result.personalData.bookingSessions += sessions;
    return erased.bookings === PERSONAL_DATA_BATCH || erased.attendees === PERSONAL_DATA_BATCH || sessions === PERSONAL_DATA_BATCH;
  });
  return full || due.size >= ACCOUNTS_PER_PASS;
}

const silentLogger = { error() {} } as unknown as Logger;

/** Runs the retention job once a minute (or at the worker poll interval if that is longer). */
export function createRetentionWorker(db: Db, config: Config, clock: Clock, logger: Logger): Worker {
  return pollingWorker('webhooks.retention', Math.max(config.workerPollMs, 60_000), logger, async () => {
    const result = await runRetention(db.kysely, clock.now(), logger);
    if (result.events || result.deliveries || result.idempotencyKeys || result.personalData.bookings || result.personalData.attendees || result.personalData.bookingSessions) {
      logger.info(result, 'retention: old events, deliveries, idempotency keys and personal data past retention removed');
    }
    return result.more;
  });
}
