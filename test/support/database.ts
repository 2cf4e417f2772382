import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { connect, type Db } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (created here, dropped by `drop`).
 */
export async function freshDatabase(): Promise<{ db: Db; url: string | null; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const db = await connect({ databaseUrl: null, dataDir: null });
    await migrate(db.kysely);
    return { db, url: null, drop: () => db.close() };
  }
  const name = `sched_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await connect({ databaseUrl: url.toString(), dataDir: null, poolSize: 12 });
  await migrate(db.kysely);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
