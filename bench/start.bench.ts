/**
 * Start-to-ready of `npm start` (`node bin/scheduling.js serve`, the compiled code in dist/):
 * from spawning the process to the first `GET /healthz` that answers 200, polled every 10 ms.
 * "First run" starts on an empty PGlite data folder (the cluster is created, every migration
 * applied, a platform and key made); "existing folder" restarts on that folder. With
 * DATABASE_URL set, both runs use a new database on that server instead.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildIfStale } from '../scripts/build.mjs';
import { freshDatabase } from '../test/support/database.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = 5;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * CPU seconds the process has used (Linux /proc, in clock ticks of 10 ms; null elsewhere):
 * on a shared machine, wall time waits for other work too, CPU time does not.
 */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const cpu: { first: number[]; again: number[] } = { first: [], again: [] };

/** Milliseconds from spawn to a healthy answer; the process is then stopped with SIGTERM. */
async function startToReady(env: Record<string, string>, cpuInto: number[]): Promise<number> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/scheduling.js'), 'serve'], { cwd: ROOT, env: childEnv, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) {
          const ms = performance.now() - started;
          const used = cpuSeconds(child.pid!);
          if (used !== null) cpuInto.push(used * 1000);
          return ms;
        }
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
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
