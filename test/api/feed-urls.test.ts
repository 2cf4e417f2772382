import { describe, expect, it } from 'vitest';
import { expectError } from '../support/harness.js';
import { openResource, seg, futureDay, book } from './bookings.helpers.js';
import { parseCalendar, setupFeedApp } from './feed-urls.helpers.js';

const t = await setupFeedApp();

async function ics(api: ReturnType<typeof t.api.withAccount>, resource: string) {
  const res = await api.get(`/v1/resources/${resource}/calendar.ics`);
  expect(res.status, String(res.body)).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return parseCalendar(res.body as string);
}

describe('GET /v1/resources/{id}/calendar.ics', () => {
  it('lists one VEVENT per confirmed booking at its real start and end in UTC, with the booking id as UID; pending ones are left out', async () => {
    const api = await t.newAccount('Europe/Paris');
    const room = await openResource(api, { timezone: 'Europe/Paris' });
    const day = futureDay(12);
    const confirmed = await book(api, { segments: [seg(room.id, day, '09:00', '10:30')], status: 'confirmed' });
    const pending = await book(api, { segments: [seg(room.id, day, '11:00', '12:00')], status: 'pending' });
    const { calendar, events } = await ics(api, room.id);

    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Room');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      uid: `${confirmed.id}@scheduling-api`,
      start: confirmed.start,
      end: confirmed.end,
      status: 'CONFIRMED',
      sequence: expect.any(Number),
      startZone: 'UTC',
      summary: 'Booked: Room',
    });
    expect(events.map((e) => e.uid)).not.toContain(`${pending.id}@scheduling-api`);
  });

  it('raises SEQUENCE on every change of a booking, keeps its UID, and shows a cancelled booking as CANCELLED', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const day = futureDay(13);
    const b = await book(api, { segments: [seg(room.id, day, '10:00', '11:00')], status: 'pending' });
    expect((await ics(api, room.id)).events).toHaveLength(0);

    expect((await api.post(`/v1/bookings/${b.id}/confirm`)).status).toBe(200);
    const [first] = (await ics(api, room.id)).events;
    expect(first!.status).toBe('CONFIRMED');

    expect((await api.post(`/v1/bookings/${b.id}`, { metadata: { summary: 'Yoga, beginners; room A' } })).status).toBe(200);
    const [second] = (await ics(api, room.id)).events;
    expect(second!.uid).toBe(first!.uid);
    expect(second!.sequence).toBeGreaterThan(first!.sequence);
    expect(second!.summary).toBe('Yoga, beginners; room A');

    expect((await api.post(`/v1/bookings/${b.id}/cancel`, { reason: 'Teacher ill' })).status).toBe(200);
    const [third] = (await ics(api, room.id)).events;
    expect(third).toMatchObject({ uid: first!.uid, status: 'CANCELLED' });
    expect(third!.sequence).toBeGreaterThan(second!.sequence);
    expect(third!.description).toContain('Teacher ill');
  });

  it('shows a rescheduled booking at its new time, and the replaced one as CANCELLED', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const day = futureDay(14);
    const b = await book(api, { segments: [seg(room.id, day, '10:00', '11:00')], status: 'confirmed' });
    const moved = await api.post(`/v1/bookings/${b.id}/reschedule`, { segments: [seg(room.id, day, '14:00', '15:00')] });
    expect(moved.status).toBe(200);
    const { events } = await ics(api, room.id);
    const byUid = Object.fromEntries(events.map((e) => [e.uid, e]));
    expect(byUid[`${b.id}@scheduling-api`]).toMatchObject({ status: 'CANCELLED' });
    expect(byUid[`${moved.body.id}@scheduling-api`]).toMatchObject({ status: 'CONFIRMED', start: moved.body.start, end: moved.body.end });
  });

  it("shows a multi-segment booking on each resource's feed at the time of its own segment", async () => {
    const api = await t.newAccount();
    const a = await openResource(api, { name: 'Chair' });
    const c = await openResource(api, { name: 'Basin' });
    const day = futureDay(15);
    const b = await book(api, { segments: [seg(a.id, day, '09:00', '10:00'), seg(c.id, day, '10:00', '10:30')], status: 'confirmed' });
    const [onA] = (await ics(api, a.id)).events;
    const [onC] = (await ics(api, c.id)).events;
    expect(onA).toMatchObject({ uid: `${b.id}@scheduling-api`, start: b.segments[0].start, end: b.segments[0].end, summary: 'Booked: Chair' });
    expect(onC).toMatchObject({ uid: `${b.id}@scheduling-api`, start: b.segments[1].start, end: b.segments[1].end, summary: 'Booked: Basin' });
  });

  it('answers 304 to If-None-Match with the current ETag, and 200 again after a change', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const url = `/v1/resources/${room.id}/calendar.ics`;
    const first = await api.get(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await api.get(url, undefined, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    await book(api, { segments: [seg(room.id, futureDay(16), '10:00', '11:00')], status: 'confirmed' });
    const changed = await api.get(url, undefined, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(parseCalendar(changed.body).events).toHaveLength(1);
  });

  it('answers 404 for a resource of another account, and needs a key', async () => {
    const api = await t.newAccount();
    const other = await t.newAccount();
    const room = await openResource(api);
    expectError(await other.get(`/v1/resources/${room.id}/calendar.ics`), 404, 'resource_missing');
    expectError(await api.get(`/v1/resources/${room.id}/calendar.ics`, undefined, { key: '' }), 401, 'api_key_missing');
  });
});

describe('secret feed URLs', () => {
  it('are created per resource, serve the feed with no key, are listed without their secret, and stop working at once when revoked', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const b = await book(api, { segments: [seg(room.id, futureDay(17), '12:00', '13:00')], status: 'confirmed' });

    const created = await api.post(`/v1/resources/${room.id}/feed_urls`, { description: 'Front desk iPad' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ object: 'feed_url', resource: room.id, description: 'Front desk iPad', livemode: false });
    const url = new URL(created.body.url);
    expect(url.pathname).toMatch(/^\/v1\/feeds\/acct_[0-9a-z]+\/cft_[A-Za-z0-9_-]{32}\/calendar\.ics$/);
    expect(created.body.token_last4).toBe(url.pathname.split('/')[4]!.slice(-4));

    const open = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(parseCalendar(open.body).events.map((e) => e.uid)).toEqual([`${b.id}@scheduling-api`]);

    const list = await api.get(`/v1/resources/${room.id}/feed_urls`);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toEqual({ ...created.body, url: undefined });
    expect(JSON.stringify(list.body)).not.toContain(url.pathname.split('/')[4]);

    const other = await t.newAccount();
    expectError(await other.del(`/v1/resources/${room.id}/feed_urls/${created.body.id}`), 404, 'resource_missing');

    const revoked = await api.del(`/v1/resources/${room.id}/feed_urls/${created.body.id}`);
    expect(revoked.body).toEqual({ id: created.body.id, object: 'feed_url', deleted: true });
    const gone = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(gone.statusCode).toBe(404);
    expect(JSON.parse(gone.body).error.code).toBe('resource_missing');
    expect((await api.get(`/v1/resources/${room.id}/feed_urls`)).body.data).toEqual([]);
    expectError(await api.del(`/v1/resources/${room.id}/feed_urls/${created.body.id}`), 404, 'resource_missing', 'feed');
  });

  it("do not open with a token of another account's feed or a made-up token", async () => {
    const api = await t.newAccount();
    const other = await t.newAccount();
    const room = await openResource(api);
    const feed = (await api.post(`/v1/resources/${room.id}/feed_urls`)).body;
    const token = new URL(feed.url).pathname.split('/')[4];
    const wrongAccount = await t.app.inject({ method: 'GET', url: `/v1/feeds/${other.account}/${token}/calendar.ics` });
    expect(wrongAccount.statusCode).toBe(404);
    const madeUp = await t.app.inject({ method: 'GET', url: `/v1/feeds/${api.account}/cft_${'x'.repeat(32)}/calendar.ics` });
    expect(madeUp.statusCode).toBe(404);
  });

  it('refuse unknown body fields and a resource of another account', async () => {
    const api = await t.newAccount();
    const other = await t.newAccount();
    const room = await openResource(api);
    expectError(await api.post(`/v1/resources/${room.id}/feed_urls`, { colour: 'red' }), 400, 'parameter_unknown');
    expectError(await other.post(`/v1/resources/${room.id}/feed_urls`), 404, 'resource_missing');
    expectError(await other.get(`/v1/resources/${room.id}/feed_urls`), 404, 'resource_missing');
  });

  it('go away with their resource', async () => {
    const api = await t.newAccount();
    const room = await openResource(api, {}, null);
    const feed = (await api.post(`/v1/resources/${room.id}/feed_urls`)).body;
    expect((await api.del(`/v1/resources/${room.id}`)).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: new URL(feed.url).pathname })).statusCode).toBe(404);
  });
});
