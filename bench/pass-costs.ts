/**
 * What each background pass costs on a data set (docs/performance.md, "Scale" and "Background
 * passes"): the server's own workers, made in this process on the stopped server's database,
 * each run once and then RUNS more times, one after another. A pass with nothing due should
 * cost the same on a large data set as on an empty one: it reads what is due, not what is stored.
 */
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { createWorkers } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/connect.js';
import { TEST_SECRETS_KEY } from '../test/support/secrets-key.js';

const RUNS = 5;

export interface PassCost {
  /** The first run, in ms: cold caches and plans. */
  first: number;
  /** The median of the RUNS after it, in ms. */
  median: number;
}

/** Each worker's pass cost on `db`, by the worker's name. `env`: the server's (DATA_DIR or DATABASE_URL). */
export async function passCosts(db: Db, env: Record<string, string>): Promise<Map<string, PassCost>> {
  const config = loadConfig({ ...process.env, ...env, SECRETS_KEY: process.env.SECRETS_KEY || TEST_SECRETS_KEY });
  const workers = createWorkers(db, config, pino({ level: 'silent' }));
  const costs = new Map<string, PassCost>();
  for (const worker of workers) {
    const timed = async () => {
      const t0 = performance.now();
      await worker.runOnce();
      return performance.now() - t0;
    };
    const first = await timed();
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await timed());
    runs.sort((a, b) => a - b);
    costs.set(worker.name, { first, median: runs[Math.floor(runs.length / 2)] });
  }
  return costs;
}
