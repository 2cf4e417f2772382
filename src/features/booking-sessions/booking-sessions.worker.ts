/**
 * Sessions past their end become `expired` to every reader at once (their status is read at
 * `now`); this worker writes `expired_at` and `booking_session.expired` within a poll interval,
 * once each (claimed FOR UPDATE SKIP LOCKED per account). A hold the session still had expires
 * with its own expires_at, never after the session's end.
 */
import type { Logger } from 'pino';
import type { DbHandle } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { recordEvent } from '../../events/outbox.repository.js';
import { pollingWorker, type Pacing, type Worker } from '../../workers/poller.js';
import { ACCOUNTS_PER_PASS, passOverAccounts } from '../../workers/account-pass.js';
import { accountsWithLapsedSessions, claimLapsedSessions, nextSessionLapse, updateSession } from '../../tenancy/index.js';
import { serializeSession } from './booking-sessions.serializer.js';

const BATCH = 100;

/** Woken by writes to booking_sessions; sleeps no later than the next open session's end. */
export function bookingSessionsWorker(db: DbHandle, clock: Clock, pacing: Pacing, logger: Logger): Worker {
  const wakes = { wakeOn: ['booking_sessions'], nextDue: (now: Date) => nextSessionLapse(db, now) };
  return pollingWorker('booking-sessions.expiry', pacing, logger, async () => {
    const now = clock.now();
    const accounts = await accountsWithLapsedSessions(db, now, ACCOUNTS_PER_PASS);
    const full = await passOverAccounts(db, accounts, logger, 'booking-sessions.expiry', async (trx, scope) => {
      const rows = await claimLapsedSessions(trx, scope, now, BATCH);
      for (const row of rows) {
        const expired = await updateSession(trx, scope, row.id, { expired_at: row.expires_at });
        await recordEvent(trx, scope, 'booking_session.expired', serializeSession(expired, now), { status: 'open', expired_at: null }, now);
      }
      return rows.length === BATCH;
    });
    return full || accounts.length === ACCOUNTS_PER_PASS;
  }, wakes);
}
