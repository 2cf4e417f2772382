/**
 * The web console in headless Chromium, as a studio's front desk uses it, with the service's
 * and the browser's clocks pinned to a Monday morning in Paris: the week at desktop size, one
 * day or three on a phone, names and plain words, calm free time, a details panel that
 * closes, keyboard-only create, move and cancel, one confirmation for moving and cancelling,
 * events and deliveries; no accessibility violation and no page error.
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
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [{ start: '09:00', end: '17:00' }]]),
);
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1280, height: 800 };
/** The pinned week: Monday 2 March 2026 (today) to Sunday 8 March; Paris is UTC+1. */
const monday = fixedDay(0);
/** `HH:MM` Paris time on the day `day` days after Monday, as RFC 3339 UTC. */
const paris = (day: number, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(Date.parse(`${fixedDay(day)}T00:00:00Z`) + ((h - 1) * 60 + m) * 60_000).toISOString().replace('.000Z', 'Z');
};

describe.skipIf(SKIP_REASON !== null)('the web console in headless Chromium', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startConsoleServer>>;
  let api: Scheduling;
  let accountId: string;
  let resourceId: string;
  const bookings: Record<string, string> = {};

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchBrowser();
    const root = new Scheduling({ apiKey: server.key, baseUrl: server.baseUrl });
    const account = await root.post('/v1/accounts', {
      body: { name: 'yoga-loft-prod', timezone: 'Europe/Paris', display_name: 'Yoga Loft', booking_label_metadata_key: 'client' },
    });
    accountId = account.id;
    api = root.withAccount(account.id);
    const resource = await api.post('/v1/resources', { body: { name: 'Studio A', type: 'room', capacity: 12, timezone: 'Europe/Paris' } });
    resourceId = resource.id;
    await api.post('/v1/schedules', { body: { resource: resource.id, effective_from: '2020-01-06', weeks: [WEEK] } });
    await api.post('/v1/blocks', { body: { resource: resource.id, start: paris(2, '12:00'), end: paris(2, '14:00'), reason: 'Floor maintenance' } });
    const book = async (name: string, day: number, from: string, to: string, extra: Record<string, unknown> = {}) => {
      const b = await api.post('/v1/bookings', { body: { segments: [{ resource: resource.id, start: paris(day, from), end: paris(day, to) }], ...extra } });
      bookings[name] = b.id;
    };
    await book('mia', 0, '10:00', '11:00', { status: 'confirmed', metadata: { client: 'Mia Chen' } });
    await book('pending', 1, '09:00', '10:30', { status: 'pending' });
    await book('conflicted', 3, '16:00', '18:00', { status: 'confirmed', conflict_policy: 'allow', metadata: { client: 'Late class' } });
    await book('cancelled', 4, '11:00', '12:00', { status: 'confirmed' });
    await api.post('/v1/bookings/{id}/cancel', { params: { path: { id: bookings.cancelled! } }, body: { reason: 'Client ill' } });
    await book('friday', 4, '11:00', '12:00', { status: 'confirmed', metadata: { client: 'Noor' } });
    // The next week: a booking of the studio with Mia, and two of one day, one with a customer.
    const mia = await api.post('/v1/resources', { body: { name: 'Mia', type: 'person', capacity: 1, timezone: 'Europe/Paris' } });
    await api.post('/v1/schedules', { body: { resource: mia.id, effective_from: '2020-01-06', weeks: [WEEK] } });
    const duo = await api.post('/v1/bookings', {
      body: { segments: [{ resource: resource.id, start: paris(7, '10:00'), end: paris(7, '11:00') }, { resource: mia.id, start: paris(7, '10:00'), end: paris(7, '11:00') }], status: 'confirmed' },
    });
    bookings.duo = duo.id;
    await book('ada', 8, '09:00', '10:00', { status: 'confirmed', customer: { reference: 'cus_ada', name: 'Ada Lovelace' }, metadata: { client: 'Front desk note' } });
    await book('kim', 8, '15:00', '16:00', { status: 'confirmed', metadata: { client: 'Kim' } });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function signedIn(size = DESKTOP, hash = `#/week?resource=${resourceId}&week=${monday}`): Promise<Page & { errors: string[] }> {
    const page = await browser.page();
    await page.setViewportSize(size);
    await pinPageClock(page);
    await page.goto(`${server.baseUrl}/console/`);
    await page.getByLabel('API key').fill(server.key);
    await page.keyboard.press('Enter');
    await page.locator(`[data-account="${accountId}"]`).click();
    await page.locator('.day').first().waitFor();
    await page.goto(`${server.baseUrl}/console/${hash}`);
    // A new hash is a navigation within the page: the view drawn for the account is still on
    // screen until the asked week has loaded and replaces it (taking away any focus a test gave
    // meanwhile). The week has loaded when the page has made no request for half a second.
    await page.waitForLoadState('networkidle');
    await page.locator('.booking').first().waitFor();
    return page;
  }

  const booking = (page: Page, id: string) => page.locator(`.booking[data-booking="${id}"]`);
  const get = (id: string) => api.get('/v1/bookings/{id}', { params: { path: { id } } });
  /** Presses Tab until `focused` is `target` (at most `max` times); how many presses it took, or null if it never came. */
  async function tabTo(page: Page, target: string | undefined, max = 30): Promise<number | null> {
    for (let presses = 1; presses <= max; presses++) {
      await page.keyboard.press('Tab');
      if ((await focused(page)) === target) return presses;
    }
    return null;
  }
  /** Starts the keyboard from the top of the page, as after a page load. */
  const fromTop = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-booking') ?? document.activeElement?.id ?? document.activeElement?.className);

  it('shows the week at desktop size: the business, labelled bookings with seats, cancelled ones aside, calm free time, today and now', async () => {
    const page = await signedIn();
    expect(await page.locator('#business').textContent()).toBe('Yoga Loft');
    // The zone in words, not the API's name for it.
    expect(await page.locator('.hint').textContent()).toMatch(/^All times are Paris time\./);
    expect(await page.locator('.day').count()).toBe(7);
    for (let day = 0; day < 7; day++) expect(await page.locator(`.day[data-date="${fixedDay(day)}"] .working`).count()).toBeGreaterThan(0);
    // Today (the pinned Monday) is marked, with the now line at 09:30 Paris time.
    expect(await page.locator('.day.today').getAttribute('data-date')).toBe(monday);
    expect(await page.locator('.day.today .now-line').getAttribute('title')).toBe('Now 09:30');
    await expect.poll(() => page.locator('.block').textContent()).toContain('Floor maintenance');
    // Labels: the account's metadata field, else the resource; seats against capacity.
    expect(await booking(page, bookings.mia!).textContent()).toContain('Mia Chen');
    expect(await booking(page, bookings.mia!).textContent()).toContain('1/12');
    // An hour's booking has room for its time, its label and its seats: nothing is cut off.
    const hour = (await booking(page, bookings.mia!).boundingBox())!;
    const seats = (await booking(page, bookings.mia!).locator('.meta').boundingBox())!;
    expect(seats.y + seats.height).toBeLessThanOrEqual(hour.y + hour.height);
    expect(await booking(page, bookings.pending!).textContent()).toContain('Studio A');
    expect(await booking(page, bookings.pending!).getAttribute('class')).toContain('status-pending');
    const conflicted = booking(page, bookings.conflicted!);
    expect(await conflicted.getAttribute('class')).toContain('conflicted');
    expect(await conflicted.textContent()).toContain('conflict: outside schedule');
    // The cancelled booking steps aside; the one that took its time is drawn beside it.
    expect(await booking(page, bookings.cancelled!).getAttribute('class')).toContain('aside');
    const aside = (await booking(page, bookings.cancelled!).boundingBox())!;
    const live = (await booking(page, bookings.friday!).boundingBox())!;
    expect(live.x + live.width).toBeLessThanOrEqual(aside.x + 1);
    // Free time: one Tab stop a day, no box per hour; hovering shows what a click books.
    expect(await page.locator('.free').count()).toBe(7);
    expect(await page.locator('.slot').count()).toBe(0);
    const tuesday = (await page.locator(`.day[data-date="${fixedDay(1)}"]`).boundingBox())!;
    const hourTop = (await page.locator(`.day[data-date="${fixedDay(1)}"] .hour-line`).first().boundingBox())!.y;
    await page.mouse.move(tuesday.x + tuesday.width / 2, hourTop + 48 * (13 - 7) + 10);
    await expect.poll(() => page.locator(`.day[data-date="${fixedDay(1)}"] .book-hint`).textContent()).toBe('Book 13:00');
    // Every control has a name, and only the two focus targets are outside the Tab order.
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll('button, a, input, select')]
        .filter((el) => !(el.getAttribute('aria-label') || el.textContent?.trim() || document.querySelector(`label[for="${el.id}"]`)))
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(unnamed).toEqual([]);
    expect(await page.locator('[tabindex="-1"]:not(#main):not(#details-title)').count()).toBe(0);
    await page.mouse.move(0, 0);
    expect(await axeViolations(page)).toEqual([]);
    await expectScreenshot(page, await page.screenshot({ animations: 'disabled' }), 'console-desktop');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('at phone size shows one day or three with a day switcher, keeps the header on screen, and opens details as a sheet that closes', async () => {
    const page = await signedIn(PHONE);
    expect(await page.locator('.day').count()).toBe(1);
    expect(await page.locator('.day').getAttribute('data-date')).toBe(monday);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const signOut = (await page.locator('#sign-out').boundingBox())!;
    expect(signOut.x + signOut.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.locator('#business').isVisible()).toBe(true);
    await expectScreenshot(page, await page.screenshot({ animations: 'disabled' }), 'console-phone-day');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: '3 days' }).click();
    await expect.poll(() => page.locator('.day').count()).toBe(3);
    await page.getByRole('button', { name: 'Next 3 days' }).click();
    await expect.poll(() => page.locator('.day').first().getAttribute('data-date')).toBe(fixedDay(3));
    await page.getByRole('button', { name: 'Today' }).click();
    await expect.poll(() => page.locator('.day').first().getAttribute('data-date')).toBe(monday);
    // The switcher works from the keyboard too: Tab to "Next 3 days", Enter.
    await fromTop(page);
    expect(await tabTo(page, 'next-week', 15)).not.toBeNull();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.day').first().getAttribute('data-date')).toBe(fixedDay(3));
    await fromTop(page);
    expect(await tabTo(page, 'today', 15)).not.toBeNull();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.day').first().getAttribute('data-date')).toBe(monday);

    // The sheet covers the bottom of the screen; the days stay drawn, full width, behind it.
    await booking(page, bookings.mia!).click();
    const sheet = page.locator('#details');
    await sheet.waitFor();
    expect(await page.locator('.day').count()).toBe(3);
    expect((await page.locator('.week-body').boundingBox())!.width).toBeGreaterThan(PHONE.width - 40);
    expect(await sheet.textContent()).toContain('Mia Chen');
    expect(await sheet.textContent()).toContain('Studio A 10:00–11:00');
    await expectScreenshot(page, await page.screenshot({ animations: 'disabled' }), 'console-phone-sheet');
    expect(await axeViolations(page)).toEqual([]);
    // Close button, Escape and a tap outside each close it, and focus returns to the booking.
    await page.getByRole('button', { name: 'Close details' }).click();
    await sheet.waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe(bookings.mia);
    await page.keyboard.press('Enter');
    await sheet.waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe(bookings.mia);
    await booking(page, bookings.mia!).click();
    await sheet.waitFor();
    await page.mouse.click(20, 200);
    await sheet.waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe(bookings.mia);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('keeps the week at tablet size, with the header on screen and no sideways scrolling', async () => {
    const page = await signedIn(TABLET);
    expect(await page.locator('.day').count()).toBe(7);
    expect(await page.locator('.day').first().getAttribute('data-date')).toBe(monday);
    expect(await page.locator('#span-1').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    const signOut = (await page.locator('#sign-out').boundingBox())!;
    expect(signOut.x + signOut.width).toBeLessThanOrEqual(TABLET.width);
    expect(await page.locator('#business').textContent()).toBe('Yoga Loft');
    // The details open beside the week, which keeps its seven days.
    await booking(page, bookings.mia!).click();
    await page.locator('#details').waitFor();
    expect(await page.locator('.day').count()).toBe(7);
    expect(await axeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it("labels a booking with its customer's name before the account's metadata field, names every resource in the details, and goes from booking to booking with the arrow keys", async () => {
    const page = await signedIn(DESKTOP, `#/week?resource=${resourceId}&week=${fixedDay(7)}`);
    const ada = booking(page, bookings.ada!);
    await ada.waitFor();
    expect(await ada.textContent()).toContain('Ada Lovelace');
    expect(await ada.textContent()).not.toContain('Front desk note');
    expect(await booking(page, bookings.kim!).textContent()).toContain('Kim');
    // ↓/↑ go between the bookings of a day, ← to the nearest booking of the day before.
    await ada.focus();
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe(bookings.kim);
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toBe(bookings.ada);
    await page.keyboard.press('ArrowLeft');
    expect(await focused(page)).toBe(bookings.duo);
    // The details of a booking of the studio and Mia name both, with their times; no ids outside "Details".
    await page.keyboard.press('Enter');
    const details = page.locator('#details dl');
    await details.waitFor();
    expect(await details.textContent()).toContain('WithStudio A 10:00–11:00, Mia 10:00–11:00');
    expect(await details.textContent()).not.toMatch(/res_|bkg_|Segments/);
    expect(await axeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('confirms, creates, moves twice and cancels bookings with the keyboard alone, asking once before each move and the cancel', async () => {
    const page = await signedIn();
    // From the top of the page, the first booking is a dozen Tabs away: the header, the
    // toolbar, Monday's free time, then the booking.
    await fromTop(page);
    expect(await tabTo(page, bookings.mia, 15)).toBeLessThanOrEqual(12);
    // Arrow keys go between bookings and days.
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toBe(bookings.pending);
    await page.keyboard.press('ArrowLeft');
    expect(await focused(page)).toBe(bookings.mia);
    // Confirm the pending one: Enter opens its details, Tab reaches "Confirm".
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.locator('#details').waitFor();
    for (let i = 0; i < 5 && (await focused(page)) !== 'confirm-booking'; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await get(bookings.pending!)).status).toBe('confirmed');
    await expect.poll(() => focused(page)).toBe(bookings.pending);
    // The change is the console's, made with the key signed in (docs/events.md#actors).
    const confirmed = await api.get('/v1/events', { params: { query: { type: 'booking.confirmed' } } });
    expect(confirmed.data.find((e) => (e.data.object as { id?: string }).id === bookings.pending)?.actor).toMatchObject({ type: 'console' });
    // Saturday's free time, from Tuesday's booking: one stop a day and one a booking (Wednesday,
    // Thursday and its booking, Friday and its two), not one per free hour.
    const saturday = page.locator(`.free[data-date="${fixedDay(5)}"]`);
    let presses = 0;
    while (presses < 20 && (await saturday.evaluate((el) => el !== document.activeElement))) {
      await page.keyboard.press('Tab');
      presses++;
    }
    expect(presses).toBe(7);
    // Focused, it shows what Enter books; ↓ chooses the next hour.
    const hint = page.locator(`.day[data-date="${fixedDay(5)}"] .book-hint`);
    expect(await hint.textContent()).toBe('Book 09:00');
    expect(await hint.isVisible()).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await saturday.getAttribute('data-start')).toBe(paris(5, '10:00'));
    expect(await hint.textContent()).toBe('Book 10:00');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'New booking: Studio A' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Enter in the form submits it ("Create booking").
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#status').textContent()).toContain('Booked Studio A');
    expect(await page.locator('#status').textContent()).toContain('10:00–11:00 (Paris time)');
    const created = (await api.get('/v1/bookings', { params: { query: { resource: resourceId, from: paris(5, '00:00'), to: paris(6, '00:00') } } })).data;
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ status: 'confirmed', start: paris(5, '10:00'), end: paris(5, '11:00') });
    await expect.poll(() => focused(page)).toBe(created[0]!.id);

    // Alt+↓ asks, Enter moves; the moved booking keeps the focus, so a second Alt+↓ works too.
    let current = created[0]!.id;
    for (const expected of ['10:15', '10:30']) {
      await page.keyboard.press('Alt+ArrowDown');
      const dialog = page.getByRole('dialog', { name: /^Move .*booking\?$/ });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(`${expected}–`);
      // It says what happens beside the new time: the event the webhooks get, and the customer's link.
      expect(await dialog.textContent()).toContain('booking.rescheduled');
      expect(await dialog.textContent()).toContain("customer's manage link follows the new time");
      if (expected === '10:15') expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await get(current)).replaced_by).toEqual(expect.any(String));
      current = (await get(current)).replaced_by!;
      expect((await get(current)).start).toBe(paris(5, expected));
      await expect.poll(() => focused(page)).toBe(current);
      expect(await page.locator('#status').textContent()).toContain(`${expected}–`);
    }

    // Enter opens the details; Tab reaches "Cancel booking…"; it asks once, Escape keeps it, Enter cancels.
    await page.keyboard.press('Enter');
    await page.locator('#details').waitFor();
    for (let i = 0; i < 25 && (await focused(page)) !== 'cancel-booking'; i++) await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('cancel-booking');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /^Cancel .*booking\?$/ }).waitFor();
    await page.keyboard.press('Escape');
    expect((await get(current)).status).toBe('confirmed');
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: /^Cancel .*booking\?$/ });
    await ask.waitFor();
    expect(await ask.textContent()).toContain("customer's manage link");
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await get(current)).status).toBe('cancelled');
    await expect.poll(() => booking(page, current).getAttribute('class')).toContain('status-cancelled');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('moves by dragging after a confirmation, and says why a move fails in a sentence with the code behind Details', async () => {
    const page = await signedIn();
    const el = booking(page, bookings.mia!);
    const box = (await el.boundingBox())!;
    const nextDay = (await page.locator(`.day[data-date="${fixedDay(1)}"]`).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 10);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 20, box.y + 30, { steps: 3 });
    await page.mouse.move(nextDay.x + nextDay.width / 2, box.y + 10 + 48 * 3, { steps: 5 });
    await page.mouse.up();
    // 3 hours later, one day on: Tuesday 13:00–14:00 Paris time.
    const dialog = page.getByRole('dialog', { name: "Move Mia Chen's booking?" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('13:00–14:00 (Paris time)');
    await page.getByRole('button', { name: 'Move booking' }).click();
    await expect.poll(async () => (await get(bookings.mia!)).replaced_by).toEqual(expect.any(String));
    const moved = await get((await get(bookings.mia!)).replaced_by!);
    expect(moved).toMatchObject({ status: 'confirmed', start: paris(1, '13:00'), end: paris(1, '14:00') });
    await booking(page, moved.id).waitFor();
    expect(await page.locator('#status').textContent()).toContain("Moved Mia Chen's booking to");
    expect(await page.locator('#status').textContent()).toContain('13:00–14:00 (Paris time)');

    // Onto Wednesday's maintenance block: refused, in words; the code sits behind Details.
    await booking(page, moved.id).click();
    await page.getByLabel('New date').fill(fixedDay(2));
    await page.getByLabel(/New start time/).fill('12:00');
    await page.getByRole('button', { name: 'Move…' }).click();
    await page.getByRole('button', { name: 'Move booking' }).click();
    await expect.poll(() => page.locator('#status .message').textContent()).toContain('Studio A is closed then: Floor maintenance.');
    expect(await page.locator('#status details').textContent()).toContain('code: booking_conflict');
    expect(await page.locator('#status .message').textContent()).not.toMatch(/booking_conflict|res_|UTC|Z\b/);
    // The one console line is the browser's own note of the refused request.
    expect(page.errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
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
      await api.post('/v1/bookings', { body: { segments: [{ resource: resourceId, start: paris(6, '15:00'), end: paris(6, '16:00') }], status: 'confirmed' } });
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

  /** The live region says `sentence`, with `code` behind its "Details" (opened), and the page has no accessibility violation. */
  async function expectPlainError(page: Page, sentence: string, code: string) {
    await expect.poll(() => page.locator('#status .message').textContent()).toContain(sentence);
    // The sentence speaks neither code, id nor UTC; those sit behind "Details".
    expect(await page.locator('#status .message').textContent()).not.toMatch(/[a-z]+_[a-z]+|\b[a-z]+_[0-9a-z]{6,}|UTC|\dZ\b/);
    await page.locator('#status details summary').click();
    expect(await page.locator('#status details code').textContent()).toContain(`code: ${code}`);
    expect(await axeViolations(page)).toEqual([]);
  }

  it('says why a sign-in fails in a sentence, with the code behind Details', async () => {
    const page = await browser.page();
    await pinPageClock(page);
    await page.goto(`${server.baseUrl}/console/`);
    await page.getByLabel('API key').fill('sk_test_not_a_key_of_this_service');
    await page.keyboard.press('Enter');
    // The key field keeps the focus, to be corrected.
    await expect.poll(() => page.locator('#status .message').textContent()).toContain('Signing in did not work.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('key');
    await expectPlainError(page, 'Signing in did not work. The key was refused: check it, or sign in with another one.', 'api_key_invalid');
    // The one console line is the browser's own note of the refused request.
    expect(page.errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
    await page.close();
  });

  it("shows the events in the account's zone, and says why a filter fails in a sentence with the code behind Details", async () => {
    const page = await signedIn();
    await page.getByRole('link', { name: 'Events' }).click();
    await page.locator('#events tbody tr[data-event]').first().waitFor();
    expect(await page.locator('#events thead').textContent()).toContain('When (Paris time)');
    // The set-up's events were written at 08:30 UTC on the pinned Monday: 09:30 in Paris, though the browser lives in UTC.
    expect(await page.locator('#events tbody tr[data-event] td').first().textContent()).toMatch(/^2 Mar 2026, 09:3\d:\d\d$/);
    await page.getByLabel('Type').fill('not an event type');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expectPlainError(page, 'Finding the not an event type events did not work. Some of what was entered is not valid.', 'parameter_invalid');
    expect(await page.locator('#status details code').textContent()).toContain('parameter: type');
    expect(page.errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await page.close();
  });

  it("shows the deliveries in the account's zone, and says why a refresh fails in a sentence with the code behind Details", async () => {
    const endpoint = await api.post('/v1/webhook_endpoints', { body: { url: 'http://127.0.0.1:9/gone', enabled_events: ['booking.*'] }, account: null });
    const page = await signedIn();
    await page.getByRole('link', { name: 'Webhook deliveries' }).click();
    await page.locator('#deliveries').waitFor();
    expect(await page.locator('#deliveries thead').textContent()).toContain('Created (Paris time)');
    await page.getByLabel('Endpoint').selectOption(endpoint.id);
    await expect.poll(() => page.locator('#deliveries tbody').textContent()).toContain('No deliveries yet.');
    // Someone deletes the endpoint meanwhile: the next refresh cannot find it.
    await api.delete('/v1/webhook_endpoints/{id}', { params: { path: { id: endpoint.id } }, account: null });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expectPlainError(page, 'Loading the deliveries did not work. This was not found: it may have been deleted.', 'resource_missing');
    expect(page.errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
    await page.close();
  });
});
