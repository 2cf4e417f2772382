import type { Logger } from 'pino';
import type { Db } from '../db/connect.js';
import { checkpoint, sinceLastCheckpoint, type SinceCheckpoint } from '../db/driver/checkpoints.js';
import { pollingWorker, type Worker } from './poller.js';

/** How often the embedded database is asked how much log it has written since its last checkpoint: one small select. */
export const CHECKPOINT_CHECK_MS = 30_000;

/**
 * When to checkpoint, as PostgreSQL's checkpointer would (`max_wal_size` and
 * `checkpoint_timeout`): once this much log has been written since the last checkpoint, or
 * once the last is this old and at least a segment of log (16 MB) was written since, so that
 * an idle database is left alone. The log kept on disk is then about twice the first (what
 * was written since, and as many segments recycled for reuse, sized by PostgreSQL from the
 * distance between checkpoints), and the pages a checkpoint writes at once, a stall for every
 * tenant of the one session, are at most the buffer pool.
 */
export const CHECKPOINT_AFTER: CheckpointThresholds = { walBytes: 256 * 1024 * 1024, ageMs: 5 * 60_000 };
const SEGMENT_BYTES = 16 * 1024 * 1024;

export interface CheckpointThresholds {
  walBytes: number;
  ageMs: number;
}

export function checkpointDue(since: SinceCheckpoint, now: Date, after: CheckpointThresholds = CHECKPOINT_AFTER): boolean {
  if (since.walBytes >= after.walBytes) return true;
  return since.walBytes >= SEGMENT_BYTES && now.getTime() - since.at.getTime() >= after.ageMs;
}

/**
 * The stand-in for PostgreSQL's checkpointer on the embedded database, which has none
 * (src/db/driver/checkpoints.ts): without it a data folder's write-ahead log grows for as long
 * as the server runs. PostgreSQL and Citus checkpoint on their own: no worker there.
 */
export function checkpointWorkers(db: Db, logger: Logger, after: CheckpointThresholds = CHECKPOINT_AFTER): Worker[] {
  if (db.kind !== 'pglite') return [];
  return [
    pollingWorker('checkpoints', CHECKPOINT_CHECK_MS, logger, async () => {
      const since = await sinceLastCheckpoint(db.kysely);
      // The wall clock, not the service's: the checkpoint's time is the engine's own.
      if (!checkpointDue(since, new Date(), after)) return false;
      const started = performance.now();
      await checkpoint(db.kysely);
      logger.debug({ walBytes: since.walBytes, ms: Math.round(performance.now() - started) }, 'checkpoint');
      return false;
    }),
  ];
}
