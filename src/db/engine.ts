import type { DbHandle } from './transaction.js';

/**
 * The handles of a database server (PostgreSQL, Citus), registered by `connect`. There many
 * transactions run side by side, and one holds only the rows it locked. On the embedded engine
 * (PGlite: one connection) a transaction holds the database for every tenant until it ends,
 * so work that can be cut into transactions keeps them short there (docs/limits.md).
 */
const serverHandles = new WeakSet<DbHandle>();

export function registerServerHandle(db: DbHandle): void {
  serverHandles.add(db);
}

/**
 * Whether a transaction on `db` makes every other tenant wait until it ends: true on the
 * embedded engine, and for any handle `connect` did not make (a transaction's own handle), so
 * that a caller unsure of the engine keeps its transactions short.
 */
export function transactionsHoldEveryTenant(db: DbHandle): boolean {
  return !serverHandles.has(db);
}
