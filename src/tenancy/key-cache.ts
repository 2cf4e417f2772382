import type { DbHandle } from '../db/transaction.js';
import type { WriteWatch } from '../db/driver/write-watch.js';
import { findActiveKey, hashSecret } from './api-keys.repository.js';

type KeyRow = Awaited<ReturnType<typeof findActiveKey>>;

const MAX_ENTRIES = 10_000;

/**
 * `findActiveKey` behind an exact cache (docs/performance.md, "Exact caches"): an answer is kept
 * only if no statement that may change keys, platforms or accounts ran while it was read, and
 * every answer is dropped as soon as one runs (or a transaction rolls back). A revoked key, a
 * new or deleted account is therefore seen by the very next request. Sound only where this
 * process sends every statement to the database (`Db.authWrites` is null otherwise).
 */
export function cachedKeyLookup(watch: WriteWatch, find: typeof findActiveKey = findActiveKey) {
  let entries = new Map<string, KeyRow>();
  let generation = watch.generation;
  return async (db: DbHandle, secret: string, accountId: string | null): Promise<KeyRow> => {
    if (watch.generation !== generation) {
      entries = new Map();
      generation = watch.generation;
    }
    // Secrets are kept by their hash, as in the database.
    const key = `${hashSecret(secret)} ${accountId ?? ''}`;
    const hit = entries.get(key);
    if (hit !== undefined) return hit;
    const before = watch.generation;
    const row = await find(db, secret, accountId);
    if (watch.generation === before && generation === before) {
      // Unknown keys are kept too (a key created later moves the watch); the size is bounded.
      if (entries.size >= MAX_ENTRIES) entries = new Map();
      if (row?.permissions) Object.freeze(row.permissions);
      entries.set(key, row ? Object.freeze(row) : row);
    }
    return row;
  };
}
