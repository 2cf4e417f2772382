/**
 * The booker element and the hosted booking page in headless Chromium (docs/elements.md): a
 * page on another origin embeds the element and books, and a webhook receiver gets
 * booking.created; a session for another origin is refused by CORS; an ended session and a
 * left hold say so; two browsers race for one time; the hosted page books and goes back to
 * return_url without a JavaScript error; no accessibility violation; pictures in two themes
 * and two locales match the committed ones.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Scheduling } from '../../packages/client/src/index.js';
import { launchBrowser, SKIP_REASON, type Browser } from '../console/browser.js';
import { FIXED_NOW, fixedDay, startConsoleServer } from '../console/console-server.js';
import { axeViolations } from '../console/axe.js';
import { compareScreenshot, expectScreenshot } from '../console/screenshot.js';
import { Receiver, eventually } from '../support/receiver.js';
import { ensureElementsBuilt } from './elements-build.js';
import { elementsDocBlock } from '../docs/elements-doc-blocks.js';

if (SKIP_REASON) console.warn(SKIP_REASON);

const WEEK = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [{ start: '09:00', end: '12:00' }]]));
const day = fixedDay(1);

/**
 * The platform's themes: dark through the custom properties alone, light through ::part alone
 * (rules that change much of the picture, so that its comparison proves them), plain with neither.
 */
const THEMES = {
  dark: 'scheduling-booker{--sb-background:#111827;--sb-text:#f9fafb;--sb-muted:#d1d5db;--sb-border:#4b5563;--sb-accent:#f59e0b;--sb-accent-text:#111827;--sb-radius:2px}body{background:#030712;color:#f9fafb}',
  light: 'scheduling-booker::part(title){text-transform:uppercase;letter-spacing:.1em}scheduling-booker::part(time){border-radius:999px;border-width:3px;min-width:7rem}',
  plain: '',
};

/** A page of the platform, on an origin of its own: it embeds the element from the service. */
async function platformSite(serviceUrl: string) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/done') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html lang="en"><title>Done</title><h1>Thank you</h1></html>');
      return;
    }
    const secret = url.searchParams.get('secret') ?? '';
    if (url.pathname === '/doc') {
      // docs/elements.md's snippets as written, but for the service's address and a real client secret.
      const embed = elementsDocBlock('### 2. Drop the element into your page', 'html').replace('https://scheduling.example.com', serviceUrl).replace('bks_…', secret);
      const listen = elementsDocBlock('### 3. Hear that it is booked', 'html');
      const theme = elementsDocBlock('### Theming', 'css');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs example</title><style>${theme}</style></head><body><main>${embed}\n${listen}</main></body></html>`);
      return;
    }
    const locale = url.searchParams.get('locale') ?? 'en-GB';
    const theme = THEMES[(url.searchParams.get('theme') ?? 'light') as keyof typeof THEMES];
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>Studio booking</title>
<style>body{font-family:sans-serif;margin:1rem;width:560px}${theme}</style>
<script type="module" src="${serviceUrl}/elements/scheduling-booker.js"></script></head>
<body><main><h1>Book a class</h1><scheduling-booker client-secret="${secret}" locale="${locale}"></scheduling-booker></main>
<script>window.seen=[];for(const t of ['slot-held','booked','expired','error'])document.addEventListener(t,(e)=>window.seen.push({type:t,detail:e.detail}));</script>
</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://localhost:${(server.address() as AddressInfo).port}`;
}

describe.skipIf(SKIP_REASON !== null)('the booker element in headless Chromium', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startConsoleServer>>;
  let api: Scheduling;
  let site: string;
  let roomId: string;
  let accountId: string;

  beforeAll(async () => {
    ensureElementsBuilt();
    server = await startConsoleServer();
    site = await platformSite(server.baseUrl);
    browser = await launchBrowser();
    const root = new Scheduling({ apiKey: server.key, baseUrl: server.baseUrl });
    const account = await root.post('/v1/accounts', { body: { name: 'studio', timezone: 'UTC' } });
    await root.post('/v1/accounts/{id}', { params: { path: { id: account.id } }, body: { display_name: 'Yoga Loft' } });
    accountId = account.id;
    api = root.withAccount(account.id);
    const room = await api.post('/v1/resources', { body: { name: 'Studio A', type: 'room', timezone: 'UTC' } });
    roomId = room.id;
    await api.post('/v1/schedules', { body: { resource: room.id, effective_from: '2020-01-06', weeks: [WEEK] } });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** A session of one hour on `day`, 09:00 to 12:00 (three times), for the platform's site. */
  async function newSession(extra: Record<string, unknown> = {}) {
    const res = await fetch(`${server.baseUrl}/v1/booking_sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.key}`, 'service-account': accountId, 'content-type': 'application/json' },
      body: JSON.stringify({
        segments: [{ resource: roomId, duration_minutes: 60 }],
        ...(extra.resource ? { segments: [{ resource: extra.resource, duration_minutes: 60 }] } : {}),
        from: `${day}T00:00:00Z`,
        to: `${day}T23:59:00Z`,
        slot_interval_minutes: 60,
        customer_fields: ['name', 'email'],
        allowed_origins: [site],
        ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'resource')),
      }),
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body as { id: string; client_secret: string; url: string };
  }

  async function open(secret: string, query = '', clock: 'fixed' | 'installed' = 'fixed', on: Browser = browser): Promise<Page & { errors: string[] }> {
    const page = await on.page();
    if (clock === 'fixed') await page.clock.setFixedTime(FIXED_NOW);
    else await page.clock.install({ time: FIXED_NOW });
    await page.goto(`${site}/?secret=${encodeURIComponent(secret)}${query}`);
    return page;
  }

  /** A room of its own, open 09:00 to 12:00 every day: a test that uses it finds its three times free. */
  async function freshRoom(): Promise<string> {
    const room = await api.post('/v1/resources', { body: { name: 'Studio B', type: 'room', timezone: 'UTC' } });
    await api.post('/v1/schedules', { body: { resource: room.id, effective_from: '2020-01-06', weeks: [WEEK] } });
    return room.id;
  }

  const booker = (page: Page) => page.locator('scheduling-booker');
  const seen = (page: Page) => page.evaluate(() => (window as any).seen as { type: string; detail: any }[]);

  it('books from a page on another origin, and the webhook receiver gets booking.created', async () => {
    const receiver = await Receiver.start();
    afterAll(() => receiver.close());
    await fetch(`${server.baseUrl}/v1/webhook_endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, enabled_events: ['booking.created'] }),
    });
    const session = await newSession();
    const page = await open(session.client_secret);
    await booker(page).getByRole('button', { name: /10:00/ }).click();
    await booker(page).getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
    await booker(page).getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await booker(page).getByRole('button', { name: 'Confirm booking' }).click();
    await expect.poll(() => booker(page).getByRole('status').textContent()).toMatch(/You are booked for/);
    const events = await seen(page);
    expect(events.map((e) => e.type)).toEqual(['slot-held', 'booked']);
    const bookingId = events[1]!.detail.booking;
    const booking = await api.get('/v1/bookings/{id}', { params: { path: { id: bookingId } } });
    expect(booking).toMatchObject({ status: 'confirmed', customer: { name: 'Ada Lovelace', email: 'ada@example.com' } });
    await eventually(() => receiver.requests.some((r) => JSON.parse(r.body).data?.object?.id === bookingId && JSON.parse(r.body).type === 'booking.created'), { what: 'booking.created at the receiver' });
    expect(await axeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it("shows times in the visitor's zone with a switch, and books with the keyboard alone, without an accessibility violation on the form", async () => {
    const newYork = await launchBrowser({ timezoneId: 'America/New_York' });
    try {
      const session = await newSession({ resource: await freshRoom() });
      const page = await open(session.client_secret, '', 'fixed', newYork);
      // 09:00 UTC on 3 March is 04:00 in New York (EST).
      await booker(page).getByRole('button', { name: /^0?4:00/ }).waitFor();
      await booker(page).getByRole('combobox', { name: 'Time zone' }).selectOption('UTC');
      await booker(page).getByRole('button', { name: /^0?9:00/ }).waitFor();
      await booker(page).getByRole('combobox', { name: 'Time zone' }).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect.poll(() => seen(page).then((e) => e.map((x) => x.type))).toEqual(['slot-held']);
      expect((await seen(page))[0]!.detail.start).toBe(`${day}T09:00:00Z`);
      // The details form, with the hold said in the status: no violation there either.
      await booker(page).getByRole('textbox', { name: 'Name' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // Holding moved the focus to the first field: type, Tab to the next, Enter confirms.
      await page.keyboard.type('Ada Lovelace');
      await page.keyboard.press('Tab');
      await page.keyboard.type('ada@example.com');
      await page.keyboard.press('Enter');
      await expect.poll(() => seen(page).then((e) => e.map((x) => x.type))).toEqual(['slot-held', 'booked']);
      const booked = (await seen(page))[1]!.detail.booking;
      expect(await api.get('/v1/bookings/{id}', { params: { path: { id: booked } } })).toMatchObject({ status: 'confirmed', customer: { name: 'Ada Lovelace', email: 'ada@example.com' } });
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    } finally {
      await newYork.close();
    }
  });

  it("books on a page made of docs/elements.md's snippets, themed by its CSS, whose booked listener hears the booking", async () => {
    const session = await newSession({ resource: await freshRoom() });
    const page = await browser.page();
    await page.clock.setFixedTime(FIXED_NOW);
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    const script = page.waitForResponse((r) => r.url().endsWith('/elements/scheduling-booker.js'));
    await page.goto(`${site}/doc?secret=${encodeURIComponent(session.client_secret)}`);
    expect((await script).status()).toBe(200);
    const time = booker(page).getByRole('button', { name: /10:00/ });
    // The theming example's custom property and ::part rule reach the element's insides.
    expect(await time.evaluate((el) => [getComputedStyle(el).minWidth, getComputedStyle(((root) => (root instanceof ShadowRoot ? root.host : el))(el.getRootNode())).getPropertyValue('--sb-accent').trim()])).toEqual(['96px', '#f59e0b']);
    await time.click();
    await booker(page).getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
    await booker(page).getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await booker(page).getByRole('button', { name: 'Confirm booking' }).click();
    await expect.poll(() => logged.find((line) => line.startsWith('booked '))).toMatch(/^booked bk_/);
    const bookingId = logged.find((line) => line.startsWith('booked '))!.slice('booked '.length);
    expect(await api.get('/v1/bookings/{id}', { params: { path: { id: bookingId } } })).toMatchObject({ status: 'confirmed', metadata: { booking_session: session.id } });
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('is refused by CORS with a session made for another origin', async () => {
    const session = await newSession({ allowed_origins: ['https://elsewhere.example'] });
    const page = await open(session.client_secret);
    await expect.poll(() => seen(page).then((e) => e.map((x) => x.type))).toEqual(['error']);
    expect((await seen(page))[0]!.detail.code).toBe('network_error');
    expect(page.errors.join('\n')).toMatch(/CORS/);
    expect(await booker(page).getByRole('button', { name: /10:00/ }).count()).toBe(0);
    await page.close();
  });

  it('says when the session has expired, embedded and on the hosted page', async () => {
    // The site's origin is listed by another session still open, as on any platform in use: the
    // preflight lets the element ask, and the expired session's answer is what it shows.
    await newSession();
    const session = await newSession();
    await fetch(`${server.baseUrl}/v1/booking_sessions/${session.id}/expire`, { method: 'POST', headers: { authorization: `Bearer ${server.key}`, 'service-account': accountId } });
    const page = await open(session.client_secret);
    await expect.poll(() => booker(page).getByRole('status').textContent()).toMatch(/expired/);
    expect((await seen(page)).map((e) => e.type)).toEqual(['expired']);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
    // The hosted page of that session says the same (same origin: no preflight), without a JavaScript error.
    const hosted = await browser.page();
    await hosted.clock.setFixedTime(FIXED_NOW);
    await hosted.goto(session.url);
    await expect.poll(() => hosted.getByRole('status').textContent()).toMatch(/expired/);
    expect(await hosted.getByRole('button', { name: /:00/ }).count()).toBe(0);
    // The browser logs the session's 401 answer itself; nothing else may fail.
    const unexpected = hosted.errors.filter((e) => !/status of 401/.test(e));
    expect(unexpected, unexpected.join('\n')).toEqual([]);
    await hosted.close();
  });

  it('lets a held time go when it is left past its hold, and offers the times again', async () => {
    const session = await newSession({ hold_minutes: 1 });
    const page = await open(session.client_secret, '', 'installed');
    await booker(page).getByRole('button', { name: /11:00/ }).click();
    await expect.poll(() => seen(page).then((e) => e.map((x) => x.type))).toEqual(['slot-held']);
    server.clock.advance(2 * 60_000);
    await page.clock.fastForward(2 * 60_000);
    await expect.poll(() => booker(page).getByRole('status').textContent()).toMatch(/hold on that time has expired/);
    expect((await seen(page)).map((e) => e.type)).toEqual(['slot-held', 'expired']);
    await expect.poll(() => booker(page).getByRole('button', { name: /11:00/ }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('lets one of two browsers racing for one time hold it, and tells the other with the next times', async () => {
    const other = await launchBrowser();
    try {
      const resource = await freshRoom();
      const [a, b] = await Promise.all([newSession({ resource }), newSession({ resource })]);
      const pages = await Promise.all([open(a.client_secret), open(b.client_secret, '', 'fixed', other)]);
      const times = pages.map((p) => booker(p).getByRole('button', { name: /^0?9:00/ }));
      await Promise.all(times.map((t) => t.waitFor()));
      await Promise.all(times.map((t) => t.click()));
      await expect.poll(async () => (await Promise.all(pages.map(seen))).map((e) => e.map((x) => x.type).join()).sort()).toEqual(['error', 'slot-held']);
      const loser = (await seen(pages[0]!)).some((e) => e.type === 'error') ? pages[0]! : pages[1]!;
      // The element says so once it has loaded the next times, just after its error event.
      await expect.poll(() => booker(loser).getByRole('status').textContent()).toMatch(/just taken/);
      await expect.poll(() => booker(loser).getByRole('button', { name: /^0?9:00/ }).count()).toBe(0);
      await expect.poll(() => booker(loser).getByRole('button', { name: /10:00|11:00/ }).count()).toBeGreaterThan(0);
      expect(await axeViolations(loser)).toEqual([]);
      for (const p of pages) await p.close();
    } finally {
      await other.close();
    }
  });

  it('moves between days, and loads the later dates of a window longer than one search (62 days)', async () => {
    const last = new Date(Date.parse(`${day}T00:00:00Z`) + 99 * 86_400_000).toISOString().slice(0, 10);
    const session = await newSession({ resource: await freshRoom(), to: `${last}T23:59:00Z` });
    const page = await open(session.client_secret);
    const days = booker(page).locator('[part="day"]');
    const heading = booker(page).getByRole('heading', { level: 3, name: /^Free times on/ });
    const longDate = (date: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
    const dayAfter = (n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    // The first page is the 62 days one search covers, with a way on to later dates.
    await expect.poll(() => days.count()).toBe(62);
    await expect.poll(() => days.nth(0).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => heading.textContent()).toBe(`Free times on ${longDate(day)}`);
    await days.nth(1).click();
    await expect.poll(() => days.nth(1).getAttribute('aria-pressed')).toBe('true');
    expect(await days.nth(0).getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => heading.textContent()).toBe(`Free times on ${longDate(dayAfter(1))}`);
    // Past what it has: the next page, from next_from, and its first day is chosen.
    await booker(page).getByRole('button', { name: 'Later dates' }).click();
    await expect.poll(() => days.count()).toBe(100);
    await expect.poll(() => heading.textContent()).toBe(`Free times on ${longDate(dayAfter(62))}`);
    expect(await days.nth(62).getAttribute('aria-pressed')).toBe('true');
    expect(await booker(page).getByRole('button', { name: 'Later dates' }).count()).toBe(0);
    await booker(page).getByRole('button', { name: /10:00/ }).click();
    await expect.poll(() => seen(page).then((e) => e.map((x) => x.type))).toEqual(['slot-held']);
    expect((await seen(page))[0]!.detail.start).toBe(`${dayAfter(62)}T10:00:00Z`);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('books on the hosted page without a JavaScript error, then goes to return_url', async () => {
    const session = await newSession({ return_url: `${site}/done`, customer: { reference: 'cus_7', name: 'Grace Hopper', email: 'grace@example.com' } });
    const page = await browser.page();
    await page.clock.setFixedTime(FIXED_NOW);
    await page.goto(session.url);
    await page.getByRole('button', { name: /^(0?9|10|11):00/ }).first().click();
    await page.getByRole('textbox', { name: 'Name' }).waitFor();
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await page.waitForURL(`${site}/done`);
    expect(page.errors, page.errors.join('\n')).toEqual([]);
    await page.close();
  });

  it("stays on the hosted page when a booked listener calls preventDefault(), instead of going to return_url", async () => {
    const session = await newSession({ resource: await freshRoom(), return_url: `${site}/done`, customer: { reference: 'cus_8', name: 'Ada Lovelace', email: 'ada@example.com' } });
    const page = await browser.page();
    await page.clock.setFixedTime(FIXED_NOW);
    const leaving: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.url() !== session.url) leaving.push(request.url());
    });
    await page.goto(session.url);
    await page.evaluate(() =>
      document.addEventListener('booked', (event) => {
        event.preventDefault();
        (window as any).booked = (event as CustomEvent).detail;
      }),
    );
    await page.getByRole('button', { name: /^(0?9|10|11):00/ }).first().click();
    await page.getByRole('textbox', { name: 'Name' }).waitFor();
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await expect.poll(() => page.evaluate(() => (window as any).booked?.status)).toBe('confirmed');
    // The element would go to return_url in the same task as the event: nothing is asked for after it.
    await page.waitForTimeout(300);
    expect(leaving).toEqual([]);
    expect(page.url()).toBe(session.url);
    expect(page.errors, page.errors.join('\n')).toEqual([]);
    await page.close();
  });

  for (const [theme, locale] of [['light', 'en-GB'], ['dark', 'en-GB'], ['light', 'fr-FR'], ['dark', 'fr-FR']] as const) {
    it(`looks as committed in the ${theme} theme, in ${locale}`, async () => {
      // A room of its own: every picture shows the same three free times.
      const session = await newSession({ resource: await freshRoom() });
      const page = await open(session.client_secret, `&theme=${theme}&locale=${locale}`);
      await booker(page).getByRole('button', { name: /10:00|10 h/ }).first().waitFor();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const violations = await axeViolations(page);
      expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
      await expectScreenshot(page, await booker(page).screenshot(), `booker-${theme}-${locale}`);
      await page.close();
    });
  }

  it('is themed through ::part: the light theme styles the parts, and without its rules the picture is clearly another', async () => {
    const resource = await freshRoom();
    const styled = await open((await newSession({ resource })).client_secret, '&theme=light&locale=en-GB');
    const time = booker(styled).getByRole('button', { name: /10:00/ }).first();
    await time.waitFor();
    expect(await time.evaluate((el) => getComputedStyle(el).borderTopWidth)).toBe('3px');
    expect(await booker(styled).getByRole('heading', { level: 2 }).evaluate((el) => getComputedStyle(el).textTransform)).toBe('uppercase');
    await styled.close();
    const plain = await open((await newSession({ resource })).client_secret, '&theme=plain&locale=en-GB');
    await booker(plain).getByRole('button', { name: /10:00/ }).first().waitFor();
    await plain.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const baseline = fileURLToPath(new URL('../console/__screenshots__/booker-light-en-GB.png', import.meta.url));
    const result = await compareScreenshot(plain, await booker(plain).screenshot(), baseline, { readOnly: true });
    expect(result.created).toBe(false);
    // The same booker but for the ::part rules: far more than the 1 % a comparison tolerates.
    expect(!result.sizeMatches || result.differentPixels / result.totalPixels > 0.05, JSON.stringify(result)).toBe(true);
    await plain.close();
  });
});
