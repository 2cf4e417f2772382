import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOG_BATCH_BYTES, LOG_DELAY_MS } from '../../src/log-lines.js';

/** A process's log lines, written together (src/log-lines.ts), as another process reads them. */
const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Runs `body` in a new process with `logger` (pino on batchedStandardOutput) and `lines` in
 * scope; returns what it printed, each piece with the ms since the start at which it arrived.
 */
function runLogging(body: string): Promise<{ pieces: { at: number; text: string }[]; errors: { at: number; text: string }[]; code: number | null }> {
  const script = `
    import pino from 'pino';
    import { batchedStandardOutput } from ${JSON.stringify(path.join(ROOT, 'dist/log-lines.js'))};
    const lines = batchedStandardOutput();
    const logger = pino({ base: null }, lines);
    ${body}`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const started = performance.now();
  const pieces: { at: number; text: string }[] = [];
  const errors: { at: number; text: string }[] = [];
  child.stdout.on('data', (d: Buffer) => pieces.push({ at: performance.now() - started, text: d.toString() }));
  child.stderr.on('data', (d: Buffer) => errors.push({ at: performance.now() - started, text: d.toString() }));
  return new Promise((resolve) => child.on('close', (code) => resolve({ pieces, errors, code })));
}

const messages = (pieces: { text: string }[]) =>
  pieces
    .map((p) => p.text)
    .join('')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l).msg);

describe('log lines', () => {
  it('go out together within the delay after the first of them, though fewer than a batch waited', async () => {
    const { pieces } = await runLogging(`
      logger.info('one'); logger.info('two'); logger.info('three');
      setTimeout(() => logger.info('later'), ${LOG_DELAY_MS * 5});
      setTimeout(() => {}, ${LOG_DELAY_MS * 8});`);
    expect(messages(pieces)).toEqual(['one', 'two', 'three', 'later']);
    // The first three in one write, the last on its own, each within about the delay.
    expect(pieces.map((p) => messages([p]))).toEqual([['one', 'two', 'three'], ['later']]);
    expect(pieces[1].at - pieces[0].at).toBeGreaterThan(LOG_DELAY_MS * 3);
  });

  it('go out at once when a batch has gathered', async () => {
    // The main thread then spins past the delay, so no timer of it can run: a batch that went
    // out (written from libuv's threads) arrived before the spin ended, told on stderr.
    const { pieces, errors } = await runLogging(`
      logger.info('x'.repeat(${LOG_BATCH_BYTES}));
      const until = Date.now() + ${LOG_DELAY_MS * 5};
      while (Date.now() < until);
      process.stderr.write('spun\\n');`);
    expect(messages(pieces)).toHaveLength(1);
    expect(errors.map((e) => e.text)).toEqual(['spun\n']);
    expect(pieces[0].at).toBeLessThan(errors[0].at);
  });

  it('are all written when the process exits before the delay, and in order with what is written through them', async () => {
    const { pieces, code } = await runLogging(`
      logger.info('before');
      lines.write('a key, printed once\\n');
      logger.info('after');
      process.exit(3);`);
    expect(code).toBe(3);
    expect(pieces.map((p) => p.text).join('')).toMatch(/"msg":"before".*\n+a key, printed once\n.*"msg":"after"/s);
  });
});
