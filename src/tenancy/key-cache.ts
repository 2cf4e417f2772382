import type { DbHandle } from '../db/transaction.js';
import type { WriteWatch } from '../db/driver/write-watch.js';
import { findActiveKey, hashSecret } from './api-keys.repository.js';

type KeyRow = Awaited<ReturnType<typeof findActiveKey>>;

const MAX_ENTRIES = 10_000;

/**
 * How long an answer is kept on PostgreSQL, counted from the start of its read: the bound on
 * how late a change reaches a process when a notice is lost or the listening connection is
 * down (docs/api-keys.md, "How fast a change reaches every process"). One second keeps the
 * promise without the notices; the cost is one lookup per key and process per second.
 */
export const KEY_CACHE_MAX_AGE_MS = 1_000;

export interface KeyCacheOptions {
  /** How long an answer is kept; by default until the watch moves (exact: PGlite). */
  maxAgeMs?: number;
  /** Milliseconds, for the expiry (tests pass their own). */
  now?: () => number;
  find?: typeof findActiveKey;
}

interface Entry {
  row: KeyRow;
  until: number;
}

/**
 * `findActiveKey` behind a cache (docs/performance.md, "Exact caches"): an answer is kept only
 * if the watch did not move while it was read, and every answer is dropped as soon as it moves:
 * before any statement of this process that may change keys, platforms or accounts, at the
 * commit or rollback of its transaction, and on PostgreSQL at each notice of another process's
 * change (src/db/driver/write-notices.ts). On PGlite this process sends every statement, so a
 * revoked key, a new or deleted account is seen by the very next request; on PostgreSQL a
 * change by another process is seen when its notice arrives, and `maxAgeMs` bounds it.
 */
export function cachedKeyLookup(watch: WriteWatch, options: KeyCacheOptions = {}) {
  const { maxAgeMs = Infinity, now = Date.now, find = findActiveKey } = options;
  let entries = new Map<string, Entry>();
  let generation = watch.generation;
  return async (db: DbHandle, secret: string, accountId: string | null): Promise<KeyRow> => {
    if (watch.generation !== generation) {
      entries = new Map();
      generation = watch.generation;
    }
    // Secrets are kept by their hash, as in the database.
    const key = `${hashSecret(secret)} ${accountId ?? ''}`;
    const hit = entries.get(key);
    if (hit !== undefined) {
      if (hit.until > now()) return hit.row;
      entries.delete(key);
    }
    const before = watch.generation;
    const until = now() + maxAgeMs;
    const row = await find(db, secret, accountId);
    if (watch.generation === before && generation === before) {
      // Unknown keys are kept too (a key created later moves the watch); the size is bounded.
      if (entries.size >= MAX_ENTRIES) entries = new Map();
      if (row?.permissions) Object.freeze(row.permissions);
      entries.set(key, { row: row ? Object.freeze(row) : row, until });
    }
    return row;
  };
}
