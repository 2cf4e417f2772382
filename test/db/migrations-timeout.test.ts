/**
 * Migrations at start-up run without the requests' statement timeout (src/db/migrate.ts,
 * docs/configuration.md): an index built over a large table takes what the table needs, and a
 * server whose DATABASE_STATEMENT_TIMEOUT_MS is shorter must still start. On a database server
 * only (PGlite has no statement timeout).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { freshDatabase } from '../support/database.js';
import { connect } from '../../src/db/connect.js';
import { listMigrations, migrate } from '../../src/db/migrate.js';

const fresh = await freshDatabase({ migrated: false, template: null });
afterAll(() => fresh.drop());

describe.runIf(fresh.url)('migrations and the statement timeout', () => {
  it('applies every migration on a connection whose statements may run 5 ms, and keeps that timeout outside them', async () => {
    const db = await connect({ databaseUrl: fresh.url, dataDir: null, statementTimeoutMs: 5, poolSize: 1 });
    try {
      expect(await migrate(db.kysely)).toEqual(listMigrations().map((m) => m.name));
      // Outside them the timeout holds: a statement of 50 ms is cancelled. (Asking for the
      // setting instead was itself cancelled now and then, on a loaded Citus coordinator.)
      await expect(sql`select pg_sleep(0.05)`.execute(db.kysely)).rejects.toMatchObject({ code: '57014' });
    } finally {
      await db.close();
    }
  });
});
