/**
 * The page of a manage link (docs/manage-links.md) in headless Chromium: the person who booked
 * sees the booking, moves it to a free time the page offers, and cancels it; a revoked link
 * shows nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduling } from '../../packages/client/src/index.js';
import { launchBrowser, SKIP_REASON, type Browser } from './browser.js';
import { startConsoleServer } from './console-server.js';

if (SKIP_REASON) console.warn(SKIP_REASON);

const WEEK = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [{ start: '09:00', end: '17:00' }]]),
);
const day = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(SKIP_REASON !== null)('the manage link page in headless Chromium', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startConsoleServer>>;
  let api: Scheduling;

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchBrowser();
    const root = new Scheduling({ apiKey: server.key, baseUrl: server.baseUrl });
    const account = await root.post('/v1/accounts', { body: { name: 'Yoga Loft', timezone: 'UTC' } });
    api = root.withAccount(account.id);
    const resource = await api.post('/v1/resources', { body: { name: 'Studio A', type: 'room' } });
    await api.post('/v1/schedules', { body: { resource: resource.id, effective_from: '2020-01-06', weeks: [WEEK] } });
    (globalThis as any).resourceId = resource.id;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function newLink() {
    const resource = (globalThis as any).resourceId as string;
    const booking = await api.post('/v1/bookings', { body: { segments: [{ resource, start: `${day}T10:00:00Z`, end: `${day}T11:00:00Z` }] } });
    const link = await api.post('/v1/bookings/{id}/manage_links', { params: { path: { id: booking.id } }, body: {} });
    return { booking, link };
  }

  it('shows the booking, moves it to an offered time, then cancels it', async () => {
    const { booking, link } = await newLink();
    const page = await browser.page();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(link.url!);
    await page.locator('#when').waitFor();
    expect(await page.locator('#when').getAttribute('data-status')).toBe('confirmed');

    await page.locator('#find').click();
    await page.locator(`button.slot[data-start="${day}T13:00:00Z"]`).click();
    await page.getByText('Moved to').waitFor();
    const moved = await api.get('/v1/bookings/{id}', { params: { path: { id: booking.id } } });
    expect(moved.status).toBe('cancelled');
    expect(moved.replaced_by).toBeTruthy();
    const replacement = await api.get('/v1/bookings/{id}', { params: { path: { id: moved.replaced_by! } } });
    expect(replacement.start).toBe(`${day}T13:00:00Z`);

    await page.locator('#cancel').click();
    await page.getByText('Your booking is cancelled.').waitFor();
    expect((await api.get('/v1/bookings/{id}', { params: { path: { id: moved.replaced_by! } } })).status).toBe('cancelled');
    expect(page.errors).toEqual([]);
  });

  it('shows nothing once the link is revoked', async () => {
    const { booking, link } = await newLink();
    await api.post('/v1/bookings/{id}/manage_links/{link}/revoke', { params: { path: { id: booking.id, link: link.id } } });
    const page = await browser.page();
    // The server answers the page itself with 404 (docs/manage-links.md), before any script runs.
    expect((await page.goto(link.url!))?.status()).toBe(404);
    await page.getByText('This link does not work').waitFor();
    expect(await page.locator('#cancel').count()).toBe(0);
  });
});
