/**
 * Which handles let transactions run side by side (src/db/engine.ts): a re-check's pieces aim
 * at 25 ms where one transaction holds the database for every tenant, and at 50 ms on a
 * database server (docs/bookings.md#the-change-first-the-flags-in-pieces).
 * Runs on the database of the run: PGlite in memory, or the server DATABASE_URL names.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/database.js';
import { transactionsHoldEveryTenant } from '../../src/db/engine.js';

const fresh = await freshDatabase({ migrated: false });
afterAll(() => fresh.drop());
const onServer = fresh.db.kind === 'postgres';

describe('a database handle', () => {
  it.runIf(onServer)('lets transactions run side by side on a database server', () => {
    expect(transactionsHoldEveryTenant(fresh.db.kysely)).toBe(false);
  });

  it.skipIf(onServer)('holds every tenant with a transaction on the embedded engine', () => {
    expect(transactionsHoldEveryTenant(fresh.db.kysely)).toBe(true);
  });

  it('counts as holding every tenant when connect did not make it (a transaction’s own handle)', async () => {
    await fresh.db.kysely.transaction().execute(async (trx) => {
      expect(transactionsHoldEveryTenant(trx)).toBe(true);
    });
  });
});
