/**
 * The service with the console, for the browser tests: console/dist is built first when stale.
 * Its clock starts at FIXED_NOW and runs on; the pages' clock is pinned to FIXED_NOW
 * (`pinPageClock`), so dates, the today column and the now line are the same on every run.
 */
import type { Page } from 'playwright-core';
import { TestClock } from '../../src/lib/clock.js';
import { ensureConsoleBuilt, startServer } from '../client/server.js';

/** A Monday morning in Paris (08:30 UTC = 09:30 CET), long enough ago that the service's workers find nothing early. */
export const FIXED_NOW = '2026-03-02T08:30:00Z';

export async function startConsoleServer() {
  ensureConsoleBuilt();
  const clock = new TestClock();
  clock.advance(Date.parse(FIXED_NOW) - Date.now());
  const server = await startServer({}, { clock });
  return { ...server, key: server.testKey, clock };
}

/** The browser's Date.now() stays at FIXED_NOW (timers still run). Call before the page loads. */
export async function pinPageClock(page: Page): Promise<void> {
  await page.clock.setFixedTime(FIXED_NOW);
}

/** `YYYY-MM-DD` of FIXED_NOW plus `days`. */
export const fixedDay = (days: number) => new Date(Date.parse(FIXED_NOW) + days * 86_400_000).toISOString().slice(0, 10);
