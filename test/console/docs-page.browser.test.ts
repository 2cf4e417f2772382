import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, SKIP_REASON, type Browser } from './browser.js';
import { axeViolations } from './axe.js';
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

  it('shows only what works offline (no Ask AI, Generate MCP or Deploy), loads nothing from elsewhere, points to the quickstart, titles operations with short names, has an icon, and has no accessibility violation', async () => {
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
    expect(await axeViolations(page)).toEqual([]);
    // Operations are titled with short names, not sentences with raw backticks: in the sidebar
    // once the Bookings group is opened, and as the headings of its section.
    await page.locator('aside').getByText('Bookings', { exact: true }).first().click();
    await page.locator('aside').getByText('Retrieve a booking', { exact: true }).waitFor();
    const sidebar = (await page.locator('aside').first().innerText()).split('\n').map((line) => line.trim()).filter(Boolean);
    expect(sidebar).toEqual(expect.arrayContaining(['Create a booking', 'List bookings', 'Retrieve a booking', 'Reschedule']));
    expect(sidebar.filter((line) => line.includes('`') || line.length > 80)).toEqual([]);
    await expect.poll(() => page.locator('h1, h2, h3, h4').allInnerTexts()).toContain('Create a booking');
    expect((await page.locator('h1, h2, h3').allInnerTexts()).filter((t) => t.includes('`'))).toEqual([]);
    // Opened, the group draws more of the page, and it passes axe-core too.
    expect(await axeViolations(page)).toEqual([]);
    expect(elsewhere).toEqual([]);
    expect(await page.locator('link[rel~="icon"]').first().getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
