/**
 * The opt-in statement times (src/db/driver/statement-times.ts, `SQL_STATEMENT_TIMES`): where
 * a soak's database time goes, written once a minute and when the database closes.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connect } from '../../src/db/connect.js';

describe('statement times', () => {
  it('sums each statement text\'s calls and time, and writes the texts that took the most as one JSON line when the database closes', async () => {
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'sched-times-')), 'times.jsonl');
    const before = process.env.SQL_STATEMENT_TIMES;
    process.env.SQL_STATEMENT_TIMES = file;
    try {
      const db = await connect({ databaseUrl: null, dataDir: null });
      for (let i = 0; i < 3; i++) await sql`select ${i}::int as n`.execute(db.kysely);
      await sql`select pg_sleep(0.02)`.execute(db.kysely);
      await db.close();
    } finally {
      if (before === undefined) delete process.env.SQL_STATEMENT_TIMES;
      else process.env.SQL_STATEMENT_TIMES = before;
    }
    const lines = (await fs.readFile(file, 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    const statements = lines.flatMap((l) => l.statements as { sql: string; calls: number; ms: number }[]);
    expect(statements.find((s) => s.sql === 'select $1::int as n')?.calls).toBe(3);
    const sleep = statements.find((s) => s.sql === 'select pg_sleep(0.02)');
    expect(sleep?.ms).toBeGreaterThanOrEqual(19);
    expect(statements[0].ms).toBeGreaterThanOrEqual(statements[statements.length - 1].ms);
    for (const l of lines) expect(l.total_ms).toBeGreaterThanOrEqual(0);
  });
});
