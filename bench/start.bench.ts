/**
 * Start-to-ready of `npm start` (`node bin/scheduling.js serve`, the compiled code in dist/):
 * from spawning the process to the first `GET /healthz` that answers 200, polled every 10 ms.
 * "First run" starts on an empty PGlite data folder (the cluster is created, every migration
 * applied, a platform and key made); "existing folder" restarts on that folder. With
 * DATABASE_URL set, both runs use a new database on that server instead.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale } from '../scripts/build.mjs';
import { freshDatabase } from '../test/support/database.js';
import { startServe } from './processes.js';

const RUNS = 5;

const cpu: { first: number[]; again: number[] } = { first: [], again: [] };

/**
 * Milliseconds from spawn to a healthy answer (`startServe`, as the HTTP benchmark starts its
 * servers), with the CPU the process used until then; the process is then stopped.
 */
async function startToReady(env: Record<string, string>, cpuInto: number[]): Promise<number> {
  const server = await startServe(env);
  try {
    if (server.readyCpuMs !== null) cpuInto.push(server.readyCpuMs);
    return server.readyMs;
  } finally {
    await server.stop();
  }
}

const fmt = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const s = (x: number) => (x / 1000).toFixed(2);
  return `median ${s(sorted[Math.floor(sorted.length / 2)])} s (min ${s(sorted[0])}, max ${s(sorted[sorted.length - 1])}, ${ms.length} runs)`;
};

export default async function run(): Promise<void> {
  if (!buildIfStale()) throw new Error('the build failed');
  const first: number[] = [];
  const again: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (process.env.DATABASE_URL) {
      const { db, url, drop } = await freshDatabase({ migrated: false });
      await db.close();
      try {
        first.push(await startToReady({ DATABASE_URL: url! }, cpu.first));
        again.push(await startToReady({ DATABASE_URL: url! }, cpu.again));
      } finally {
        await drop();
      }
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sched-start-'));
      try {
        first.push(await startToReady({ DATA_DIR: path.join(dir, 'data') }, cpu.first));
        again.push(await startToReady({ DATA_DIR: path.join(dir, 'data') }, cpu.again));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  const what = process.env.DATABASE_URL ? 'database' : 'data folder';
  console.log(`first run (empty ${what}): wall ${fmt(first)}`);
  if (cpu.first.length) console.log(`                            cpu  ${fmt(cpu.first)}`);
  console.log(`existing ${what}:          wall ${fmt(again)}`);
  if (cpu.again.length) console.log(`                            cpu  ${fmt(cpu.again)}`);
  console.log(`load average while measuring: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs`);
}
