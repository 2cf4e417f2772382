import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

export type Trx = Transaction<Database>;
export type DbHandle = Kysely<Database>;

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock detected

/**
 * Runs one use case in one transaction. Serialization failures and deadlocks are retried
 * (the whole use case runs again), so callers must not do I/O other than the database inside.
 */
export async function withTransaction<T>(db: DbHandle, fn: (trx: Trx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt < 5 && code && RETRYABLE.has(code)) {
        await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
        continue;
      }
      throw err;
    }
  }
}

/** JSON text for a jsonb column (the pg driver would turn a JS array into a Postgres array). */
export function json(value: unknown): string {
  return JSON.stringify(value);
}
