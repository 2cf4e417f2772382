import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { Scheduling } from '../../packages/client/src/index.js';
import { launchBrowser, SKIP_REASON, type Browser } from './browser.js';
import { startConsoleServer } from './console-server.js';
import { compareScreenshot } from './screenshot.js';

if (SKIP_REASON) console.warn(SKIP_REASON);

const WEEK = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [{ start: '09:00', end: '17:00' }]]),
);

/** The Monday four weeks ahead (UTC): every slot of that week lies in the future. */
function mondayAhead(weeks = 4): string {
  const now = new Date();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7) + 7 * weeks));
  return monday.toISOString().slice(0, 10);
}
const plus = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(SKIP_REASON !== null)('the web console in headless Chromium', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startConsoleServer>>;
  let api: Scheduling;
  let accountId: string;
  let resourceId: string;
  const monday = mondayAhead();
  const bookings: Record<string, string> = {};

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchBrowser();
    const root = new Scheduling({ apiKey: server.key, baseUrl: server.baseUrl });
    const account = await root.post('/v1/accounts', { body: { name: 'Yoga Loft', timezone: 'UTC' } });
    accountId = account.id;
    api = root.withAccount(account.id);
    const resource = await api.post('/v1/resources', { body: { name: 'Studio A', type: 'room' } });
    resourceId = resource.id;
    await api.post('/v1/schedules', { body: { resource: resource.id, effective_from: '2020-01-06', weeks: [WEEK] } });
    await api.post('/v1/blocks', { body: { resource: resource.id, start: `${plus(monday, 2)}T12:00:00Z`, end: `${plus(monday, 2)}T14:00:00Z`, reason: 'Cleaning' } });
    const book = async (name: string, day: number, from: string, to: string, extra: Record<string, unknown> = {}) => {
      const d = plus(monday, day);
      const b = await api.post('/v1/bookings', {
        body: { segments: [{ resource: resource.id, start: `${d}T${from}:00Z`, end: `${d}T${to}:00Z` }], ...extra },
      });
      bookings[name] = b.id;
    };
    await book('confirmed', 0, '10:00', '11:00', { status: 'confirmed' });
    await book('pending', 1, '09:00', '10:30', { status: 'pending' });
    await book('conflicted', 3, '16:00', '18:00', { status: 'confirmed', conflict_policy: 'allow' });
    await book('cancelled', 4, '11:00', '12:00', { status: 'confirmed' });
    await api.post('/v1/bookings/{id}/cancel', { params: { path: { id: bookings.cancelled! } }, body: { reason: 'Client ill' } });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function signedIn(): Promise<Page & { errors: string[] }> {
    const page = await browser.page();
    await page.goto(`${server.baseUrl}/console/`);
    await page.getByLabel('API key').fill(server.key);
    await page.keyboard.press('Enter');
    await page.locator(`[data-account="${accountId}"]`).click();
    await page.goto(`${server.baseUrl}/console/#/week?resource=${resourceId}&week=${monday}`);
    await page.locator('.booking').first().waitFor();
    return page;
  }

  const booking = (page: Page, id: string) => page.locator(`.booking[data-booking="${id}"]`);

  it('signs in with a key, lists the accounts and shows the week: hours, blocks, bookings by status, conflicts and free slots', async () => {
    const page = await signedIn();
    // Working hours on every day (the block cuts Wednesday's in two).
    for (let day = 0; day < 7; day++) expect(await page.locator(`.day[data-date="${plus(monday, day)}"] .working`).count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.block').textContent()).toContain('Cleaning');
    expect(await booking(page, bookings.confirmed!).getAttribute('class')).toContain('status-confirmed');
    expect(await booking(page, bookings.pending!).getAttribute('class')).toContain('status-pending');
    expect(await booking(page, bookings.cancelled!).getAttribute('class')).toContain('status-cancelled');
    const conflicted = booking(page, bookings.conflicted!);
    expect(await conflicted.getAttribute('class')).toContain('conflicted');
    expect(await conflicted.getAttribute('aria-label')).toContain('conflict: outside_schedule');
    // One-hour free slots: 7 days × 8 hours, less the bookings' and the block's hours.
    const slots = await page.locator('.slot').count();
    expect(slots).toBeGreaterThan(40);
    expect(await page.locator(`.slot[data-start="${monday}T10:00:00Z"]`).count()).toBe(0);
    expect(await page.locator(`.slot[data-start="${monday}T11:00:00Z"]`).count()).toBe(1);
    // Every control has a name a screen reader can say, and can be reached with Tab.
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll('button, a, input, select')]
        .filter((el) => !(el.getAttribute('aria-label') || el.textContent?.trim() || document.querySelector(`label[for="${el.id}"]`)))
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(unnamed).toEqual([]);
    expect(await page.locator('[tabindex="-1"]:not(#main):not(#details-title)').count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('creates a booking from a free slot, then confirms a pending one, from the keyboard', async () => {
    const page = await signedIn();
    const slot = page.locator(`.slot[data-start="${plus(monday, 5)}T09:00:00Z"]`);
    await slot.focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Status').selectOption('pending');
    await page.getByRole('button', { name: 'Create booking' }).press('Enter');
    await expect.poll(() => page.locator('#status').textContent()).toContain('done');
    const created = (await api.get('/v1/bookings', { params: { query: { resource: resourceId, from: `${plus(monday, 5)}T00:00:00Z`, to: `${plus(monday, 6)}T00:00:00Z` } } })).data;
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ status: 'pending', start: `${plus(monday, 5)}T09:00:00Z`, end: `${plus(monday, 5)}T10:00:00Z` });

    await booking(page, created[0]!.id).waitFor();
    await booking(page, created[0]!.id).focus();
    await page.keyboard.press('Enter');
    await page.locator('#confirm-booking').focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await api.get('/v1/bookings/{id}', { params: { path: { id: created[0]!.id } } })).status).toBe('confirmed');
    await expect.poll(() => booking(page, created[0]!.id).getAttribute('class')).toContain('status-confirmed');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('reschedules a booking by dragging it one hour later and one day on, and by Alt+arrow keys', async () => {
    const page = await signedIn();
    const el = booking(page, bookings.confirmed!);
    const box = (await el.boundingBox())!;
    const nextDay = (await page.locator(`.day[data-date="${plus(monday, 1)}"]`).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 10);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 20, box.y + 30, { steps: 3 });
    await page.mouse.move(nextDay.x + nextDay.width / 2, box.y + 10 + 48 * 3, { steps: 5 });
    await page.mouse.up();
    // 3 hours later, one day on: Tuesday 13:00–14:00. A reschedule makes a new booking that replaces the old one.
    await expect.poll(() => page.locator('#status').textContent()).toMatch(/done|failed/);
    expect(await page.locator('#status').textContent()).toContain('done');
    const replaced = await api.get('/v1/bookings/{id}', { params: { path: { id: bookings.confirmed! } } });
    expect(replaced).toMatchObject({ status: 'cancelled', replaced_by: expect.any(String) });
    const moved = await api.get('/v1/bookings/{id}', { params: { path: { id: replaced.replaced_by! } } });
    expect(moved).toMatchObject({ status: 'confirmed', start: `${plus(monday, 1)}T13:00:00Z`, end: `${plus(monday, 1)}T14:00:00Z` });
    // The replaced booking is no longer drawn; the new one is, at its new time.
    await booking(page, moved.id).waitFor();
    expect(await booking(page, replaced.id).count()).toBe(0);
    expect(await booking(page, moved.id).getAttribute('aria-label')).toContain('13:00–14:00');

    await booking(page, moved.id).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect
      .poll(async () => (await api.get('/v1/bookings/{id}', { params: { path: { id: moved.id } } })).replaced_by)
      .toEqual(expect.any(String));
    const again = await api.get('/v1/bookings/{id}', { params: { path: { id: (await api.get('/v1/bookings/{id}', { params: { path: { id: moved.id } } })).replaced_by! } } });
    expect(again.start).toBe(`${plus(monday, 1)}T13:15:00Z`);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('cancels a booking from its details panel', async () => {
    const page = await signedIn();
    await booking(page, bookings.pending!).click();
    await page.getByLabel('Reason (optional)').fill('Double entry');
    await page.locator('#cancel-booking').click();
    await expect.poll(async () => (await api.get('/v1/bookings/{id}', { params: { path: { id: bookings.pending! } } })).status).toBe('cancelled');
    await expect.poll(() => booking(page, bookings.pending!).getAttribute('class')).toContain('status-cancelled');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('lists the events of the account and the webhook deliveries with their attempts', async () => {
    const received: string[] = [];
    const { createServer } = await import('node:http');
    const hook = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(req.url ?? '');
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    try {
      const port = (hook.address() as { port: number }).port;
      await api.post('/v1/webhook_endpoints', { body: { url: `http://127.0.0.1:${port}/hooks`, enabled_events: ['booking.*'] }, account: null });
      const d = plus(monday, 6);
      await api.post('/v1/bookings', { body: { segments: [{ resource: resourceId, start: `${d}T15:00:00Z`, end: `${d}T16:00:00Z` }], status: 'confirmed' } });
      await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(0);

      const page = await signedIn();
      await page.getByRole('link', { name: 'Events' }).click();
      await page.locator('#events tbody tr').first().waitFor();
      expect(await page.locator('#events').textContent()).toContain('booking.created');
      await page.getByLabel('Type').fill('booking.cancelled');
      await page.getByRole('button', { name: 'Filter' }).click();
      await expect.poll(() => page.locator('#events tbody').textContent()).not.toContain('booking.created');

      await page.getByRole('link', { name: 'Webhook deliveries' }).click();
      await page.locator('#deliveries tbody tr[data-delivery]').first().waitFor();
      const first = page.locator('#deliveries tbody tr[data-delivery]').first();
      expect(await first.textContent()).toContain('succeeded');
      await first.locator('summary').click();
      expect(await first.locator('table.attempts tbody tr').count()).toBeGreaterThan(0);
      expect(await first.locator('table.attempts').textContent()).toContain('200');
      expect(page.errors).toEqual([]);
      await page.close();
    } finally {
      await new Promise<void>((resolve) => hook.close(() => resolve()));
    }
  });

  it('draws the week view as in the reference screenshot', async () => {
    const page = await browser.page();
    // A fresh account with fixed content, so that the picture does not depend on other tests.
    const root = new Scheduling({ apiKey: server.key, baseUrl: server.baseUrl });
    const account = await root.post('/v1/accounts', { body: { name: 'Screenshot Studio', timezone: 'UTC' } });
    const shot = root.withAccount(account.id);
    const resource = await shot.post('/v1/resources', { body: { name: 'Court 1', type: 'court' } });
    await shot.post('/v1/schedules', { body: { resource: resource.id, effective_from: '2020-01-06', weeks: [WEEK] } });
    await shot.post('/v1/blocks', { body: { resource: resource.id, start: `${plus(monday, 2)}T12:00:00Z`, end: `${plus(monday, 2)}T14:00:00Z`, reason: 'Maintenance' } });
    const seg = (day: number, from: string, to: string) => [{ resource: resource.id, start: `${plus(monday, day)}T${from}:00Z`, end: `${plus(monday, day)}T${to}:00Z` }];
    await shot.post('/v1/bookings', { body: { segments: seg(0, '10:00', '11:30'), status: 'confirmed' } });
    await shot.post('/v1/bookings', { body: { segments: seg(1, '14:00', '15:00'), status: 'pending' } });
    await shot.post('/v1/bookings', { body: { segments: seg(3, '16:00', '18:00'), status: 'confirmed', conflict_policy: 'allow' } });
    const gone = await shot.post('/v1/bookings', { body: { segments: seg(4, '09:00', '10:00'), status: 'confirmed' } });
    await shot.post('/v1/bookings/{id}/cancel', { params: { path: { id: gone.id } }, body: {} });

    await page.goto(`${server.baseUrl}/console/`);
    await page.getByLabel('API key').fill(server.key);
    await page.keyboard.press('Enter');
    await page.locator(`[data-account="${account.id}"]`).click();
    await page.goto(`${server.baseUrl}/console/#/week?resource=${resource.id}&week=${monday}`);
    await page.locator('.booking').nth(3).waitFor();
    const picture = await page.locator('.week-body').screenshot({ animations: 'disabled' });
    const baseline = fileURLToPath(new URL('./__screenshots__/week-view.png', import.meta.url));
    const result = await compareScreenshot(page, picture, baseline);
    if (result.created) console.warn(`wrote the reference screenshot ${baseline}`);
    if (result.differentPixels > 0) await writeFile(baseline.replace(/\.png$/, '.actual.png'), picture);
    expect(result.sizeMatches).toBe(true);
    expect(result.differentPixels / Math.max(1, result.totalPixels)).toBeLessThan(0.01);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
