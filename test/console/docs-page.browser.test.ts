import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, SKIP_REASON, type Browser } from './browser.js';
import { startServer, type RunningServer } from '../client/server.js';

if (SKIP_REASON) console.warn(SKIP_REASON);

describe.skipIf(SKIP_REASON !== null)('the reference page at /docs in headless Chromium', () => {
  let browser: Browser;
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('shows only what works offline (no Ask AI, Generate MCP or Deploy), loads nothing from elsewhere, and points to the quickstart', async () => {
    const page = await browser.page();
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(server.baseUrl) && !url.startsWith('data:')) elsewhere.push(url);
    });
    await page.goto(`${server.baseUrl}/docs/`);
    await page.getByText('quickstart', { exact: false }).first().waitFor({ timeout: 30_000 });
    // Give the page time to draw its toolbars, which is when the hosted buttons would appear.
    await page.waitForTimeout(2000);
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(/Ask AI/i);
    expect(text).not.toMatch(/Generate MCP|Connect MCP/i);
    expect(text).not.toMatch(/\bDeploy\b/);
    expect(text).toContain('docs/quickstart.md');
    expect(elsewhere).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
