import { describe, expect, it } from 'vitest';
import { Client, expectError, setupTestApp, type ApiResponse } from '../support/harness.js';
import { ensureConsoleBuilt } from '../client/server.js';
import { at, book, futureDay, openResource, seg } from './bookings.helpers.js';

/**
 * The page of a manage link (docs/manage-links.md#what-the-link-allows): served only for a link
 * that opens; every dead link (unknown, altered, revoked, expired) gets the same 404 page, and
 * its data calls 404 too.
 */
ensureConsoleBuilt();
const t = await setupTestApp();
/** The link side: no API key. */
const anonymous = new Client(t.app, '');
const pagePath = (url: string) => new URL(url).pathname;
const dataPath = (url: string) => pagePath(url).replace(/^\/manage\//, '/v1/manage/');

async function newLink(body: Record<string, unknown> = {}) {
  const api = await t.newAccount();
  const room = await openResource(api);
  const day = futureDay(9);
  const booking = await book(api, { segments: [seg(room.id, day, '10:00', '11:00')] });
  const link = (await api.post(`/v1/bookings/${booking.id}/manage_links`, body)).body;
  return { api, booking, day, link, url: link.url as string };
}

/** Changes one character of the token (the last one). */
const altered = (url: string) => url.slice(0, -1) + (url.endsWith('A') ? 'B' : 'A');

/** The headers of an answer, without those that differ by request (its id, the date, the rate-limit budget left). */
function headerShape(res: ApiResponse) {
  const { 'request-id': _id, date: _date, ratelimit: _left, ...rest } = res.headers as Record<string, unknown>;
  return rest;
}

/** The page of a dead link, checked for what every such page has; returns it without its request id. */
function deadPage(res: ApiResponse) {
  expect(res.status).toBe(404);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  const html = res.body as unknown as string;
  const requestId = res.headers['request-id'] as string;
  expect(html).toContain('<title>This link does not work</title>');
  expect(html).toContain('<h1>This link does not work</h1>');
  expect(html).toContain('This link is not valid: it is unknown, was revoked, or has expired.');
  expect(html).toContain('<dt>code</dt><dd><code>resource_missing</code></dd>');
  expect(html).toContain('<dt>type</dt><dd><code>invalid_request_error</code></dd>');
  expect(html).toContain(`<dt>request_id</dt><dd><code>${requestId}</code></dd>`);
  expect(html).not.toMatch(/<script/i);
  return html.replace(requestId, 'REQUEST_ID');
}

/** Every data call of a dead link is 404 resource_missing. */
async function deadData(url: string, day: string) {
  const path = dataPath(url);
  expectError(await anonymous.get(path), 404, 'resource_missing');
  expectError(await anonymous.post(`${path}/availability`, { from: at(day, '00:00'), to: at(day, '23:59') }), 404, 'resource_missing');
  expectError(await anonymous.post(`${path}/cancel`, {}), 404, 'resource_missing');
  expectError(await anonymous.post(`${path}/reschedule`, { start: at(day, '13:00') }), 404, 'resource_missing');
}

describe('the page of a manage link', () => {
  it('serves the page for a link that opens, without a Referer', async () => {
    const { url } = await newLink();
    const res = await anonymous.get(pagePath(url));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.body as unknown as string).toContain('<title>Your booking</title>');
  });

  it('answers an unknown, altered, revoked or expired link with the same 404 page, and 404 to its data calls', async () => {
    const { api, booking, day, url } = await newLink();
    const { url: other } = await newLink();
    const unknown = url.replace(/mlt_[A-Za-z0-9_-]+$/, 'mlt_' + 'A'.repeat(32));
    const soon = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const short = (await api.post(`/v1/bookings/${booking.id}/manage_links`, { expires_at: soon })).body.url as string;
    const revokedLink = (await api.post(`/v1/bookings/${booking.id}/manage_links`, {})).body;
    await api.post(`/v1/bookings/${booking.id}/manage_links/${revokedLink.id}/revoke`);
    expect((await anonymous.get(pagePath(short))).status).toBe(200);
    t.clock.advance(61_000);
    try {
      const dead = { unknown, altered: altered(url), revoked: revokedLink.url as string, expired: short, 'another account': other.replace(/acct_[^/]+/, api.accountId) };
      const answers = await Promise.all(Object.values(dead).map((u) => anonymous.get(pagePath(u))));
      const pages = answers.map(deadPage);
      for (const page of pages) expect(page).toBe(pages[0]);
      for (const res of answers) expect(headerShape(res)).toEqual(headerShape(answers[0]));
      for (const u of Object.values(dead)) await deadData(u, day);
      // The live link still opens: the dead ones changed nothing.
      expect((await anonymous.get(pagePath(url))).status).toBe(200);
      expect((await api.get(`/v1/bookings/${booking.id}`)).body.status).toBe('confirmed');
    } finally {
      t.clock.reset();
    }
  });

  it('never echoes the path: a token with markup in it gets the same page', async () => {
    const { api, url } = await newLink();
    const plain = deadPage(await anonymous.get(`/manage/${api.accountId}/mlt_unknown`));
    const res = await anonymous.get(`/manage/${api.accountId}/%3Cscript%3Ealert(1)%3C%2Fscript%3E`);
    expect(deadPage(res)).toBe(plain);
    expect(res.body as unknown as string).not.toContain('alert');
    expect((await anonymous.get(pagePath(url))).status).toBe(200);
  });
});
