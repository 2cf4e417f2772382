/**
 * Headless Chromium for the console tests, through playwright-core (no browser download):
 * the system's chromium (Debian's package; `.ci/run` installs it). When it is absent — a
 * developer machine without it — the browser tests skip and say why; under CI they fail.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];

export const CHROMIUM = CANDIDATES.find((path) => existsSync(path)) ?? null;

export const SKIP_REASON = CHROMIUM
  ? null
  : 'console browser tests skipped: no chromium found (install it, e.g. `apt-get install chromium`, or set CHROMIUM_PATH); CI installs it';

// Under CI the browser tests are proofs the suite must give (the console, the manage page, the
// booker): without chromium they fail instead of skipping, so a green run always ran them.
if (SKIP_REASON && process.env.CI) throw new Error(`CI is set but ${SKIP_REASON}`);

/** These flags keep a closed network quiet: no background or component-update connections. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  /** A new page that records console errors and uncaught exceptions into `errors`. */
  page(): Promise<Page & { errors: string[] }>;
  close(): Promise<void>;
}

/**
 * `timezoneId`: the zone the browser lives in (UTC by default; the manage page is checked from
 * New York). `locale`: its language and format (en-GB by default).
 */
export async function launchBrowser(options: { timezoneId?: string; locale?: string } = {}): Promise<Browser> {
  if (!CHROMIUM) throw new Error(SKIP_REASON!);
  const profile = await mkdtemp(join(tmpdir(), 'console-test-profile-'));
  // A persistent context on a fresh profile folder: nothing carries over between runs.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 1,
    locale: options.locale ?? 'en-GB',
    timezoneId: options.timezoneId ?? 'UTC',
    reducedMotion: 'reduce',
  });
  return {
    context,
    async page() {
      const page = (await context.newPage()) as Page & { errors: string[] };
      page.errors = [];
      page.on('console', (message) => {
        if (message.type() === 'error') page.errors.push(message.text());
      });
      page.on('pageerror', (error) => page.errors.push(String(error)));
      return page;
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
