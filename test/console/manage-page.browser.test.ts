/**
 * The page of a manage link (docs/manage-links.md) in headless Chromium, as the person who
 * booked sees it from New York for a studio in Paris: the business, the resource and the place;
 * times in Paris time with their own beside them; free times by part of the day; moving and
 * cancelling each ask once; a refused move says why in a sentence, its code behind "Details";
 * a revoked link shows nothing. At phone and desktop sizes, with no accessibility violation
 * and no page error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Scheduling } from '../../packages/client/src/index.js';
import { launchBrowser, SKIP_REASON, type Browser } from './browser.js';
import { fixedDay, pinPageClock, startConsoleServer } from './console-server.js';
import { axeViolations } from './axe.js';
import { expectScreenshot } from './screenshot.js';

if (SKIP_REASON) console.warn(SKIP_REASON);

const WEEK = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [{ start: '07:00', end: '20:00' }]]),
);
/** The Tuesday after the pinned Monday: Paris is on CET (UTC+1), New York still on EST (UTC−5). */
const day = fixedDay(1);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

describe.skipIf(SKIP_REASON !== null)('the manage link page in headless Chromium, from New York', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startConsoleServer>>;
  let api: Scheduling;
  let resourceId: string;

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchBrowser({ timezoneId: 'America/New_York' });
    const root = new Scheduling({ apiKey: server.key, baseUrl: server.baseUrl });
    const account = await root.post('/v1/accounts', { body: { name: 'yoga-loft-prod', timezone: 'Europe/Paris' } });
    await root.post('/v1/accounts/{id}', { params: { path: { id: account.id } }, body: { display_name: 'Yoga Loft', accent_color: '#5b21b6' } });
    api = root.withAccount(account.id);
    const hall = await api.post('/v1/locations', { body: { name: 'Rue Oberkampf studio' } });
    const resource = await api.post('/v1/resources', { body: { name: 'Studio A', type: 'room', capacity: 20, timezone: 'Europe/Paris', default_location: hall.id } });
    resourceId = resource.id;
    await api.post('/v1/schedules', { body: { resource: resource.id, effective_from: '2020-01-06', weeks: [WEEK] } });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** A booking 12:30–13:30 Paris time (11:30Z) on `day`, and its link (the studio takes 20 at once). */
  async function newLink(customer?: { reference: string; locale?: string; time_zone?: string }) {
    const booking = await api.post('/v1/bookings', { body: { segments: [{ resource: resourceId, start: `${day}T11:30:00Z`, end: `${day}T12:30:00Z` }], ...(customer && { customer }) } });
    const link = await api.post('/v1/bookings/{id}/manage_links', { params: { path: { id: booking.id } }, body: {} });
    return { booking, link };
  }

  async function open(url: string, size = DESKTOP): Promise<Page & { errors: string[] }> {
    const page = await browser.page();
    await page.setViewportSize(size);
    await pinPageClock(page);
    await page.goto(url);
    await page.locator('#when').waitFor();
    return page;
  }

  it('names the business, the resource and the place, and shows Paris time labelled with New York time beside it', async () => {
    const { link } = await newLink();
    const page = await open(link.url!);
    expect(await page.locator('.brand').textContent()).toBe('Yoga Loft');
    expect(await page.title()).toContain('Yoga Loft');
    // The account's accent colour (#5b21b6) is the header's, with white text that reads on it.
    const header = await page.locator('header.top').evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    expect(header).toEqual(['rgb(91, 33, 182)', 'rgb(255, 255, 255)']);
    expect(await page.locator('#what').textContent()).toBe('Studio A');
    expect(await page.locator('#where').textContent()).toBe('Rue Oberkampf studio');
    const when = (await page.locator('#when-text').textContent())!;
    expect(when).toContain('12:30');
    expect(when).toContain('13:30');
    expect(when).toContain('Paris time');
    expect(when).toMatch(/Your time \(New York time\): .*6:30–7:30/);
    expect(await page.locator('#when').getAttribute('data-status')).toBe('confirmed');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('groups the free times by morning, afternoon and evening in a clean list, and moves only after a confirmation that shows the new time', async () => {
    const { booking, link } = await newLink();
    const page = await open(link.url!);
    await page.locator('#find').click();
    await page.locator('.slot-group').first().waitFor();
    expect(await page.locator('.slot-group h3').allTextContents()).toEqual(['Morning', 'Afternoon', 'Evening']);
    expect(await page.locator('.slot-list').first().evaluate((el) => getComputedStyle(el).listStyleType)).toBe('none');
    // 15:00 Paris = 14:00Z. The first answer is "no": nothing moves.
    const slot = page.locator(`button.slot[data-start="${day}T14:00:00Z"]`);
    expect(await slot.textContent()).toBe('15:00');
    await slot.click();
    const dialog = page.getByRole('dialog', { name: 'Move your booking?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/New time: .*15:00–16:00 \(Paris time\)/);
    expect(await dialog.textContent()).toMatch(/Your time \(New York time\): .*9:00–10:00/);
    // It says what happens: the business is told, and the link follows the booking.
    expect(await dialog.textContent()).toContain('Yoga Loft is told, and this link keeps working for the new time.');
    await page.getByRole('button', { name: 'Keep current time' }).click();
    expect((await api.get('/v1/bookings/{id}', { params: { path: { id: booking.id } } })).status).toBe('confirmed');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-start'))).toBe(`${day}T14:00:00Z`);

    await slot.click();
    await page.getByRole('button', { name: 'Move booking' }).click();
    await page.getByText('Moved to').waitFor();
    const moved = await api.get('/v1/bookings/{id}', { params: { path: { id: booking.id } } });
    expect(moved).toMatchObject({ status: 'cancelled', replaced_by: expect.any(String) });
    expect((await api.get('/v1/bookings/{id}', { params: { path: { id: moved.replaced_by! } } })).start).toBe(`${day}T14:00:00Z`);
    await expect.poll(() => page.locator('#when-text').textContent()).toContain('15:00');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('moves from the keyboard alone, after one confirmation that shows the new time', async () => {
    const { booking, link } = await newLink();
    const page = await open(link.url!, PHONE);
    const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute('data-start'));
    const tabTo = async (target: string, max: number) => {
      for (let i = 0; i < max && (await focused()) !== target; i++) await page.keyboard.press('Tab');
      expect(await focused()).toBe(target);
    };
    // From the top of the page: Tab past the day to "Show free times", Enter.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo('find', 10);
    await page.keyboard.press('Enter');
    await page.locator('.slot-group').first().waitFor();
    // 14:00 Paris = 13:00Z, in the afternoon group; Enter asks, and Enter on "Move booking" moves.
    await tabTo(`${day}T13:00:00Z`, 30);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Move your booking?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/New time: .*14:00–15:00 \(Paris time\)/);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Move booking');
    await page.keyboard.press('Enter');
    await page.getByText('Moved to').waitFor();
    const moved = await api.get('/v1/bookings/{id}', { params: { path: { id: booking.id } } });
    expect((await api.get('/v1/bookings/{id}', { params: { path: { id: moved.replaced_by! } } })).start).toBe(`${day}T13:00:00Z`);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('cancels from the keyboard alone, after one confirmation', async () => {
    const { booking, link } = await newLink();
    const page = await open(link.url!, PHONE);
    await page.locator('#cancel').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cancel your booking?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Yoga Loft is told. This cannot be undone.');
    // Escape answers "no"; Enter on the focused "Cancel booking" answers "yes".
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cancel');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('Your booking is cancelled.').first().waitFor();
    expect((await api.get('/v1/bookings/{id}', { params: { path: { id: booking.id } } })).status).toBe('cancelled');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('looks as in the reference pictures at phone and desktop sizes, with no accessibility violation', async () => {
    const { link } = await newLink();
    for (const [name, size] of [['manage-phone', PHONE], ['manage-desktop', DESKTOP]] as const) {
      const page = await open(link.url!, size);
      await page.locator('#find').click();
      await page.locator('.slot-group').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      expect(await axeViolations(page)).toEqual([]);
      // The visible screen only: its size is the viewport's, whatever the length of the list.
      await expectScreenshot(page, await page.screenshot({ animations: 'disabled' }), name);
      await page.locator('button.slot').first().click();
      await page.getByRole('dialog').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(page.errors).toEqual([]);
      await page.close();
    }
  });

  it('says why a move fails in a sentence, with the code behind Details and no accessibility violation', async () => {
    const { booking, link } = await newLink();
    const page = await open(link.url!, PHONE);
    await page.locator('#find').click();
    await page.locator('.slot-group').first().waitFor();
    // The studio closes 16:00–17:00 Paris time (15:00Z) after the page offered it.
    const block = await api.post('/v1/blocks', { body: { resource: resourceId, start: `${day}T15:00:00Z`, end: `${day}T16:00:00Z`, reason: 'Private class' } });
    await page.locator(`button.slot[data-start="${day}T15:00:00Z"]`).click();
    await page.getByRole('button', { name: 'Move booking' }).click();
    const message = page.locator('#status .message');
    await expect.poll(() => message.textContent()).toBe('Moving your booking did not work. That time cannot be booked: choose another one.');
    await page.locator('#status details summary').click();
    const details = (await page.locator('#status details code').textContent())!;
    expect(details).toContain('code: parameter_invalid');
    expect(details).toContain('parameter: start');
    expect(await axeViolations(page)).toEqual([]);
    expect((await api.get('/v1/bookings/{id}', { params: { path: { id: booking.id } } })).status).toBe('confirmed');
    // The one console line is the browser's own note of the refused request.
    expect(page.errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await api.delete('/v1/blocks/{id}', { params: { path: { id: block.id } } });
    await page.close();
  });

  it("speaks the browser's locale format, and adds no second time when the viewer's clock reads the same: from a browser in American English in Paris", async () => {
    const { link } = await newLink();
    const american = await launchBrowser({ timezoneId: 'Europe/Paris', locale: 'en-US' });
    try {
      const page = await american.page();
      await pinPageClock(page);
      await page.goto(link.url!);
      await page.locator('#when').waitFor();
      const when = (await page.locator('#when-text').textContent())!;
      expect(when).toMatch(/^Tuesday, March 3, 2026, 12:30\sPM–1:30\sPM \(Paris time\)$/);
      expect(await page.locator('.viewer-time').count()).toBe(0);
      await page.locator('#find').click();
      expect(await page.locator(`button.slot[data-start="${day}T14:00:00Z"]`).textContent()).toMatch(/^3:00\sPM$/);
      expect(page.errors).toEqual([]);
    } finally {
      await american.close();
    }
  });

  it("speaks the customer's locale and shows their time zone as theirs when the booking names them, whatever the browser's", async () => {
    const { link } = await newLink({ reference: 'cus-kenji', locale: 'de-DE', time_zone: 'Asia/Tokyo' });
    const page = await open(link.url!);
    const when = (await page.locator('#when-text').textContent())!;
    // 12:30 Paris is 20:30 in Tokyo; both read in German, not in the New York browser's English.
    expect(when).toContain('Dienstag, 3. März 2026, 12:30–13:30');
    expect(when).toContain('Paris time');
    expect(when).toMatch(/Your time \(Tokyo time\): Dienstag, 3\. März 2026, 20:30–21:30/);
    await page.locator('#find').click();
    expect(await page.locator(`button.slot[data-start="${day}T14:00:00Z"]`).textContent()).toBe('15:00');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('shows nothing once the link is revoked', async () => {
    const { booking, link } = await newLink();
    await api.post('/v1/bookings/{id}/manage_links/{link}/revoke', { params: { path: { id: booking.id, link: link.id } } });
    const page = await browser.page();
    // The server answers the page itself with 404 (docs/manage-links.md), before any script runs.
    expect((await page.goto(link.url!))?.status()).toBe(404);
    await page.getByText('This link does not work').waitFor();
    expect(await page.locator('#cancel').count()).toBe(0);
    await page.close();
  });
});
