import { describe, expect, it } from 'vitest';
import { LANE_BACKOFF_MAX_MS, LANE_BACKOFF_MIN_MS, laneBackoffUntil } from '../../src/features/webhooks/delivery-lanes.js';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 27) + ms);
const restAfter = (failingForMs: number) => laneBackoffUntil(at(failingForMs), at(0)).getTime() - at(failingForMs).getTime();

describe("a troubled lane's rest", () => {
  it('lasts as long as the endpoint has been failing, so the rest doubles while the trouble lasts', () => {
    expect(restAfter(2_500)).toBe(2_500);
    expect(restAfter(5_000)).toBe(5_000);
  });

  it('lasts at least a second, however recent the first failure', () => {
    expect(restAfter(0)).toBe(LANE_BACKOFF_MIN_MS);
    expect(restAfter(300)).toBe(LANE_BACKOFF_MIN_MS);
  });

  it('lasts at most a minute, however long the endpoint has been failing', () => {
    expect(restAfter(3_600_000)).toBe(LANE_BACKOFF_MAX_MS);
  });
});
