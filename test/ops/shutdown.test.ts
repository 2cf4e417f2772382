/**
 * The bounded stop of src/shutdown.ts with stand-in parts (no process, no database): the
 * order of its steps and its bound when a part never finishes. The real process is tested
 * in test/process/shutdown.test.ts.
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { shutDown, shutdownPlan, type ShutdownParts } from '../../src/shutdown.js';

const silent = pino({ level: 'silent' });
const never = () => new Promise<void>(() => {});

function parts(overrides: Partial<ShutdownParts>, log: string[]): ShutdownParts {
  return {
    timeoutMs: 1000,
    logger: silent,
    stopServing: async () => void log.push('stopped serving'),
    cutRequests: () => void log.push('cut requests'),
    workers: [],
    closeDatabase: async () => void log.push('closed database'),
    ...overrides,
  };
}

describe('the bounded stop', () => {
  it('plans the abort at half the bound and the cut a fifth (at most 1.5 s) before it', () => {
    expect(shutdownPlan(10_000)).toEqual({ abortWorkAtMs: 5_000, cutRequestsAtMs: 8_500, exitByMs: 9_950 });
    expect(shutdownPlan(1_000)).toEqual({ abortWorkAtMs: 500, cutRequestsAtMs: 800, exitByMs: 950 });
  });

  it('closes the database after the server and the workers, and returns 0 at once when nothing is running', async () => {
    const log: string[] = [];
    const started = Date.now();
    const worker = { name: 'w', stop: async () => void log.push('stopped worker') };
    expect(await shutDown(parts({ workers: [worker] }, log))).toBe(0);
    expect(log).toEqual(['stopped serving', 'stopped worker', 'closed database']);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('aborts work at half the bound, cuts requests near it, and returns 0 within it even when nothing finishes', async () => {
    const log: string[] = [];
    let abortedAfter = -1;
    const started = Date.now();
    const worker = {
      name: 'stuck',
      stop: (abort: AbortSignal) => {
        abort.addEventListener('abort', () => (abortedAfter = Date.now() - started));
        return never();
      },
    };
    const code = await shutDown(parts({ stopServing: never, closeDatabase: never, workers: [worker] }, log));
    const took = Date.now() - started;
    expect(code).toBe(0);
    expect(abortedAfter).toBeGreaterThanOrEqual(450);
    expect(log).toContain('cut requests');
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThanOrEqual(1000 + 200); // the bound, and a timer's margin
  });
});
