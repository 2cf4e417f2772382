import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'kysely';
import { connect } from '../../src/db/connect.js';
import { sinceLastCheckpoint } from '../../src/db/driver/checkpoints.js';
import { checkpointDue, checkpointWorkers, CHECKPOINT_AFTER } from '../../src/workers/checkpoints.js';

// The embedded database's stand-in for the checkpointer (src/workers/checkpoints.ts), on a
// PGlite data folder of its own whatever database the suite runs on.
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sched-checkpoints-'));
const db = await connect({ databaseUrl: null, dataDir: path.join(folder, 'data') });
afterAll(async () => {
  await db.close();
  fs.rmSync(folder, { recursive: true, force: true });
});
const logger = pino({ level: 'silent' });
const MB = 1024 * 1024;

const logSegments = () => fs.readdirSync(path.join(folder, 'data', 'pg_wal')).filter((f) => /^[0-9A-F]{24}$/.test(f)).length;

async function writeLog(megabytes: number) {
  await sql`create table if not exists written (id serial primary key, note text)`.execute(db.kysely);
  const start = (await sinceLastCheckpoint(db.kysely)).walBytes;
  while ((await sinceLastCheckpoint(db.kysely)).walBytes - start < megabytes * MB) {
    await sql`insert into written (note) select repeat('x', 1000) from generate_series(1, 5000)`.execute(db.kysely);
  }
}

describe('checkpoints of the embedded database', () => {
  it('let a data folder’s write-ahead log go once enough was written since the last', async () => {
    const [worker] = checkpointWorkers(db, logger, { walBytes: 48 * MB, ageMs: CHECKPOINT_AFTER.ageMs });
    await writeLog(80);
    const before = await sinceLastCheckpoint(db.kysely);
    const segmentsBefore = logSegments();
    expect(segmentsBefore).toBeGreaterThanOrEqual(5);

    await worker.runOnce();
    const after = await sinceLastCheckpoint(db.kysely);
    expect(after.walBytes).toBeLessThan(MB);
    expect(after.at.getTime()).toBeGreaterThanOrEqual(before.at.getTime());

    // The log written next reuses or replaces the old segments rather than adding to them.
    await writeLog(80);
    await worker.runOnce();
    expect(logSegments()).toBeLessThanOrEqual(segmentsBefore + 1);
  });

  it('leave a database alone that wrote less than the threshold, and one idle since its last checkpoint', async () => {
    const [worker] = checkpointWorkers(db, logger, { walBytes: 48 * MB, ageMs: 0 });
    await sql`checkpoint`.execute(db.kysely);
    const last = await sinceLastCheckpoint(db.kysely);
    await sql`insert into written (note) values ('a little')`.execute(db.kysely);
    await worker.runOnce();
    expect((await sinceLastCheckpoint(db.kysely)).walBytes).toBeGreaterThan(last.walBytes);

    const now = new Date();
    expect(checkpointDue({ walBytes: 100, at: new Date(0) }, now)).toBe(false);
    expect(checkpointDue({ walBytes: 16 * MB, at: new Date(now.getTime() - CHECKPOINT_AFTER.ageMs) }, now)).toBe(true);
    expect(checkpointDue({ walBytes: 16 * MB, at: now }, now)).toBe(false);
    expect(checkpointDue({ walBytes: CHECKPOINT_AFTER.walBytes, at: now }, now)).toBe(true);
  });

  it('are not asked of PostgreSQL, whose checkpointer runs on its own', () => {
    expect(checkpointWorkers({ ...db, kind: 'postgres' }, logger)).toEqual([]);
  });
});
