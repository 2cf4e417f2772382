import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { attemptSignal } from '../../src/lib/attempt-signal.js';

describe("an outgoing attempt's signal", () => {
  it('aborts when its time is up, and says it timed out', async () => {
    const attempt = attemptSignal(20);
    await new Promise((r) => setTimeout(r, 60));
    expect(attempt.signal.aborted).toBe(true);
    expect(attempt.timedOut()).toBe(true);
    expect((attempt.signal.reason as Error).name).toBe('TimeoutError');
    attempt.done();
  });

  it('aborts when the stop signal fires, and does not call that a timeout', () => {
    const stop = new AbortController();
    const attempt = attemptSignal(60_000, stop.signal);
    stop.abort();
    expect(attempt.signal.aborted).toBe(true);
    expect(attempt.timedOut()).toBe(false);
    attempt.done();
  });

  it('starts aborted when the stop signal already fired', () => {
    const stop = new AbortController();
    stop.abort();
    const attempt = attemptSignal(60_000, stop.signal);
    expect(attempt.signal.aborted).toBe(true);
    attempt.done();
  });

  it('leaves nothing on a long-lived stop signal once its attempts are done', () => {
    const stop = new AbortController();
    for (let i = 0; i < 1000; i++) {
      const attempt = attemptSignal(60_000, stop.signal);
      attempt.done();
    }
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
    const open = attemptSignal(60_000, stop.signal);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(1);
    open.done();
  });

  it('does not abort after it is done', async () => {
    const stop = new AbortController();
    const attempt = attemptSignal(20, stop.signal);
    attempt.done();
    stop.abort();
    await new Promise((r) => setTimeout(r, 60));
    expect(attempt.signal.aborted).toBe(false);
  });
});
