/**
 * The routes whose path is their credential (a manage link, a calendar feed URL) are rate limited
 * per client address with the test limit, as requests without a key are, and so is a booking
 * session's CORS preflight (docs/configuration.md#rate-limits); behind a proxy listed in TRUST_PROXY the address is the one
 * its X-Forwarded-For names, and a client elsewhere cannot choose its bucket with that header.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { setupTestApp, type ApiResponse, type Client } from '../support/harness.js';
import { book, futureDay, openResource, seg } from './bookings.helpers.js';

const TEST_LIMIT = 5;
const t = await setupTestApp({ rateLimitTest: TEST_LIMIT, trustProxy: ['127.0.0.1'] });
// The setup runs on the live key, whose budget stays out of the way.
const live = t.api.withKey(t.liveKey);

async function liveAccount(): Promise<Client> {
  const account = await live.post('/v1/accounts', { name: 'Front desk', timezone: 'UTC' });
  return live.withAccount(account.body.id);
}

const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends `count` requests at once in a fresh window. A window lasts a second from its first
 * request: a burst that took longer (a loaded machine) may have reached the next one, so it is
 * sent again after that window.
 */
async function burst(count: number, send: () => Promise<ApiResponse>): Promise<ApiResponse[]> {
  let answers: ApiResponse[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    await sleep(1100);
    const sent = performance.now();
    answers = await Promise.all(Array.from({ length: count }, send));
    if (performance.now() - sent < 900) break;
  }
  return answers;
}

describe('rate limits of the routes a link opens', () => {
  it("limits a manage link's calls per client address, apart from other addresses and from the platform's own budget", async () => {
    const api = await liveAccount();
    const room = await openResource(api);
    const booking = await book(api, { segments: [seg(room.id, futureDay(9), '10:00', '11:00')] });
    const link = (await api.post(`/v1/bookings/${booking.id}/manage_links`, {})).body;
    const view = new URL(link.url).pathname.replace(/^\/manage\//, '/v1/manage/');

    const answers = await burst(TEST_LIMIT + 3, () => api.get(view, undefined, { key: '', ...from('203.0.113.7') }));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(TEST_LIMIT);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0].body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limited' });
    expect(refused[0].headers['ratelimit-policy']).toBe(`${TEST_LIMIT};w=1`);

    // Another address, and the platform's key, in the same second: their own budgets.
    expect((await api.get(view, undefined, { key: '', ...from('203.0.113.8') })).status).toBe(200);
    expect((await api.get(`/v1/bookings/${booking.id}`)).status).toBe(200);
  });

  it("limits a calendar feed URL per client address, and ignores X-Forwarded-For from a client that is not a listed proxy", async () => {
    const api = await liveAccount();
    const room = await openResource(api);
    const feed = (await api.post(`/v1/resources/${room.id}/feed_urls`, {})).body;
    const path = new URL(feed.url).pathname;
    const answers = await burst(TEST_LIMIT + 2, () => api.get(path, undefined, { key: '', ...from('198.51.100.4') }));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(TEST_LIMIT);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(2);

    // From 192.0.2.1, not a listed proxy, each request claiming a new address still counts as 192.0.2.1's.
    const forged = await burst(TEST_LIMIT + 2, () =>
      t.app.inject({ method: 'GET', url: path, remoteAddress: '192.0.2.1', headers: { 'x-forwarded-for': `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } }).then((r) => ({ status: r.statusCode }) as ApiResponse),
    );
    expect(forged.filter((r) => r.status === 429)).toHaveLength(2);
  });

  it("limits a booking session's CORS preflight per client address: each one asks the database", async () => {
    const preflight = () =>
      t.app.inject({ method: 'OPTIONS', url: '/v1/availability', headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST', 'x-forwarded-for': '203.0.113.99' } }).then((r) => ({ status: r.statusCode }) as ApiResponse);
    const answers = await burst(TEST_LIMIT + 2, preflight);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(2);
    // No open session allows that origin: the others are refused, without CORS headers.
    expect(answers.filter((r) => r.status === 403)).toHaveLength(TEST_LIMIT);
  });

  it('refuses a TRUST_PROXY entry that is not an address, a block or a known name', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, uniquelocal, ::1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', 'uniquelocal', '::1']);
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(() => loadConfig({ TRUST_PROXY: 'caddy' })).toThrow(/TRUST_PROXY must list addresses, CIDR blocks or loopback, linklocal, uniquelocal/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});
