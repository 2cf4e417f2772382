/**
 * Checkpoints for the embedded database (docs/performance.md, "Checkpoints of the embedded
 * database").
 *
 * PostgreSQL's checkpointer process writes dirty pages out and lets old write-ahead log go,
 * every `checkpoint_timeout` or `max_wal_size` of log. PGlite runs PostgreSQL as a single
 * process with no checkpointer: it checkpoints when it closes, and not before. Measured in a
 * soak, a data folder's `pg_wal` held every segment since the start, 2.1 GB after 29 minutes,
 * growing for as long as the server ran, and a process killed rather than closed would replay
 * all of it when it next opened. So a worker asks for a checkpoint as the checkpointer would.
 */
import { sql, type Kysely } from 'kysely';

/** The write-ahead log written since the last checkpoint began, in bytes, and when that checkpoint was. */
export interface SinceCheckpoint {
  walBytes: number;
  at: Date;
}

export async function sinceLastCheckpoint(db: Kysely<any>): Promise<SinceCheckpoint> {
  const { rows } = await sql<{ wal_bytes: string | number; at: Date }>`
    select (pg_current_wal_lsn() - redo_lsn)::bigint as wal_bytes, checkpoint_time as at from pg_control_checkpoint()`.execute(db);
  return { walBytes: Number(rows[0].wal_bytes), at: new Date(rows[0].at) };
}

/**
 * Writes every dirty page out, and removes or recycles the log before it. On PGlite this holds
 * the one session for as long as the writing takes, at most the buffer pool's size of pages.
 */
export async function checkpoint(db: Kysely<any>): Promise<void> {
  await sql`checkpoint`.execute(db);
}
