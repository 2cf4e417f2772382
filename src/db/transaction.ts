import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';
import { inRolledBackScope } from './preview.js';

export type Trx = Transaction<Database>;
export type DbHandle = Kysely<Database>;

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock detected

/**
 * Whether the whole use case may simply run again. A Citus coordinator relays a deadlock that
 * a worker detected during a multi-row insert (sent to the worker as COPY) with the internal
 * error code XX000 and the worker's message, not with 40P01.
 */
function isRetryable(err: unknown): boolean {
  const { code, message } = err as { code?: string; message?: string };
  if (code && RETRYABLE.has(code)) return true;
  return code === 'XX000' && typeof message === 'string' && message.startsWith('deadlock detected');
}

/**
 * Runs one use case in one transaction. Serialization failures and deadlocks are retried
 * (the whole use case runs again), so callers must not do I/O other than the database inside.
 */
export async function withTransaction<T>(db: DbHandle, fn: (trx: Trx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      let used: Trx | null = null;
      const result = await db.transaction().execute(async (trx) => {
        used = trx;
        beforeCommitCallbacks.set(trx, []);
        followUps.set(trx, []);
        const value = await fn(trx);
        await runBeforeCommit(trx);
        return value;
      });
      runAfterCommit(used);
      await runFollowUps(db, used);
      return result;
    } catch (err) {
      if (attempt < 5 && isRetryable(err)) {
        await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
        continue;
      }
      throw err;
    }
  }
}

const beforeCommitCallbacks = new WeakMap<Trx, (() => Promise<void>)[]>();

/**
 * Runs `fn` as the last step inside the transaction of `trx`, after the use case and before
 * COMMIT, so what it writes commits or rolls back with the rest. For writes many steps of a
 * use case add to, that are cheaper as one statement at the end (usage counters). Returns
 * false, and registers nothing, when `trx` was not opened by withTransaction: the caller then
 * writes at once.
 */
export function beforeCommit(trx: Trx, fn: () => Promise<void>): boolean {
  const list = beforeCommitCallbacks.get(trx);
  if (!list) return false;
  list.push(fn);
  return true;
}

async function runBeforeCommit(trx: Trx): Promise<void> {
  const list = beforeCommitCallbacks.get(trx)!;
  beforeCommitCallbacks.delete(trx);
  for (const fn of list) await fn();
}

const afterCommitCallbacks = new WeakMap<Trx, (() => void)[]>();

/**
 * Runs `fn` once the transaction of `trx` (opened by withTransaction) has committed: never for
 * a rollback or a retried attempt, and never inside a conflict preview, which always rolls back.
 * For effects outside the database that must follow only real changes (metrics). `fn` must not
 * throw.
 */
export function afterCommit(trx: Trx, fn: () => void): void {
  const list = afterCommitCallbacks.get(trx);
  if (list) list.push(fn);
  else afterCommitCallbacks.set(trx, [fn]);
}

function runAfterCommit(trx: Trx | null): void {
  if (!trx) return;
  const list = afterCommitCallbacks.get(trx);
  afterCommitCallbacks.delete(trx);
  if (!list || inRolledBackScope()) return;
  for (const fn of list) fn();
}

const followUps = new WeakMap<Trx, ((db: DbHandle) => Promise<void>)[]>();

/**
 * Runs `fn` once the transaction of `trx` has committed, before withTransaction returns, with
 * the database handle so that it can open transactions of its own: work that follows a change
 * in short pieces instead of holding the change's transaction (the re-check of many bookings,
 * docs/bookings.md#re-checks). Inside a conflict preview it runs in the preview's scope and is
 * rolled back with it; what it throws is withTransaction's error (the change stays committed).
 * Returns false, and registers nothing, when `trx` was not opened by withTransaction: the
 * caller then does the work in `trx`.
 */
export function followUp(trx: Trx, fn: (db: DbHandle) => Promise<void>): boolean {
  const list = followUps.get(trx);
  if (!list) return false;
  list.push(fn);
  return true;
}

async function runFollowUps(db: DbHandle, trx: Trx | null): Promise<void> {
  if (!trx) return;
  const list = followUps.get(trx) ?? [];
  followUps.delete(trx);
  for (const fn of list) await fn(db);
}

/** JSON text for a jsonb column (the pg driver would turn a JS array into a Postgres array). */
export function json(value: unknown): string {
  return JSON.stringify(value);
}
