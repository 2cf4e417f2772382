import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectError, setupTestApp, type Client } from '../support/harness.js';
import { book, futureDay, openResource, seg } from './bookings.helpers.js';
import { sweepDeletedAccounts } from '../../src/features/privacy/exports.worker.js';

const exportsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exports-test-'));
afterAll(() => fs.rmSync(exportsDir, { recursive: true, force: true }));
const t = await setupTestApp({ exportsDir });
const day = futureDay(11);

/** Runs the export worker until the export is ready (each pass writes one bounded piece). */
async function runUntilReady(api: Client, accountId: string, exportId: string) {
  for (let pass = 0; pass < 200; pass++) {
    const current = (await api.get(`/v1/accounts/${accountId}/exports/${exportId}`)).body;
    if (current.status !== 'pending') return { current, passes: pass };
    await t.runWorker('privacy.exports');
  }
  throw new Error('the export never became ready');
}

async function download(accountId: string, exportId: string, file: string) {
  const res = await t.app.inject({ method: 'GET', url: `/v1/accounts/${accountId}/exports/${exportId}/files/${file}`, headers: { authorization: `Bearer ${t.testKey}` } });
  return res;
}

const linesOf = (text: string) => text.split('\n').filter(Boolean).map((line) => JSON.parse(line));

/** The days the round trip compares: the bookings' day, with a closed-early override, and the next two (a block on the first). */
const lastDay = new Date(Date.parse(`${day}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function availability(api: Client, resources: string[]) {
  const res = await api.post('/v1/availability', { from: `${day}T00:00:00Z`, to: `${lastDay}T23:59:00Z`, limit: 500, segments: [{ resources, duration_minutes: 60 }] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.slots.map((s: any) => ({ start: s.start, end: s.end, count: s.segments.length }));
}

/** What a booking is, whatever its ids: compared across the round trip. */
const essence = (b: any, resourceName: Map<string, string>) => ({
  start: b.start,
  end: b.end,
  status: b.status,
  seats: b.seats,
  customer: b.customer,
  metadata: b.metadata,
  resources: b.segments.map((s: any) => resourceName.get(s.resource)),
});

describe('exporting an account', () => {
  it('writes JSON Lines per object type with a manifest and checksums, downloadable with the key, and an import into a fresh account gives the same availability and bookings', async () => {
    const source = await t.newAccount({ name: 'Riverside' });
    const roomA = await openResource(source, { name: 'Room A' });
    const roomB = await openResource(source, { name: 'Room B', capacity: 2 }, [{ start: '10:00', end: '16:00' }]);
    const made = [
      await book(source, { segments: [seg(roomA.id, day, '09:00', '10:00')], customer: { reference: 'cus_1', name: 'Ada', email: 'ada@example.org' }, metadata: { note: 'first' } }),
      await book(source, { segments: [seg(roomB.id, day, '11:00', '12:00')], seats: 4 }),
      await book(source, { segments: [seg(roomB.id, day, '11:00', '12:00')] }),
      await book(source, { segments: [seg(roomA.id, day, '13:00', '14:00')] }),
    ];
    await source.post(`/v1/bookings/${made[3].id}/cancel`, { reason: 'ill' });
    // Working time changed on one day and blocked on the next: both change availability.
    expect((await source.post('/v1/schedule_overrides', { resource: roomA.id, date: day, intervals: [{ start: '09:00', end: '12:00' }] })).status).toBe(200);
    expect((await source.post('/v1/blocks', { resource: roomB.id, start: `${nextDay}T12:00:00Z`, end: `${nextDay}T14:00:00Z`, reason: 'Cleaning' })).status).toBe(200);
    // A subscribed calendar (its URL's token is a secret) and a booking session.
    const feed = await source.post('/v1/calendar_feeds', { resource: roomA.id, url: 'http://127.0.0.1:1/calendars/feed-token-s3cr3t/basic.ics' });
    expect(feed.status, JSON.stringify(feed.body)).toBe(200);
    const session = await source.post('/v1/booking_sessions', { segments: [{ resource: roomA.id, duration_minutes: 60 }] });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    // Another account's data is never in this export.
    const other = await t.newAccount({ name: 'Elsewhere' });
    await openResource(other, { name: 'Not mine' });

    const created = await t.api.post(`/v1/accounts/${source.accountId}/exports`);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ object: 'export', status: 'pending', account: source.accountId, files: [], checksum: null, download_url: null });
    expectError(await download(source.accountId, created.body.id, 'manifest.json').then((r) => ({ status: r.statusCode, body: r.json(), headers: {} })), 409, 'invalid_state_transition');

    const { current: ready } = await runUntilReady(t.api, source.accountId, created.body.id);
    expect(ready).toMatchObject({ status: 'ready', download_url: `/v1/accounts/${source.accountId}/exports/${created.body.id}/files/manifest.json` });
    expect(ready.files.map((f: any) => f.type)).toEqual([
      'accounts', 'locations', 'resources', 'schedules', 'schedule_overrides', 'blocks', 'calendar_feeds', 'series', 'bookings', 'attendees', 'booking_sessions', 'events',
    ]);
    expect(Object.fromEntries(ready.files.map((f: any) => [f.type, f.count]))).toMatchObject({ accounts: 1, resources: 2, schedules: 2, calendar_feeds: 1, bookings: 4, booking_sessions: 1 });

    // The manifest matches the checksum; each file matches the manifest.
    const manifestRes = await download(source.accountId, ready.id, 'manifest.json');
    expect(manifestRes.statusCode).toBe(200);
    expect(manifestRes.headers['content-type']).toMatch(/^application\/json/);
    expect(`sha256:${createHash('sha256').update(manifestRes.rawPayload).digest('hex')}`).toBe(ready.checksum);
    const manifest = JSON.parse(manifestRes.body);
    expect(manifest).toMatchObject({ object: 'export_manifest', export: ready.id, account: source.accountId, files: ready.files });
    const files: Record<string, any[]> = {};
    for (const f of manifest.files) {
      const res = await download(source.accountId, ready.id, f.file);
      expect(res.statusCode, f.file).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
      expect(createHash('sha256').update(res.rawPayload).digest('hex'), f.file).toBe(f.sha256);
      files[f.type] = linesOf(res.body);
      expect(files[f.type], f.file).toHaveLength(f.count);
    }
    expect(JSON.stringify(files)).not.toContain('Not mine');
    // The feed and the session as the API shows them: the feed's URL redacted, no client secret.
    expect(files.calendar_feeds).toEqual([(await source.get(`/v1/calendar_feeds/${feed.body.id}`)).body]);
    expect(JSON.stringify(files)).not.toContain('feed-token-s3cr3t');
    expect(files.booking_sessions!.map((s) => s.id)).toEqual([session.body.id]);
    expect(JSON.stringify(files.booking_sessions)).not.toContain('bks_');
    expect(files.events!.some((e) => e.type === 'booking.cancelled')).toBe(true);

    // The download needs the key: none, another platform's, or a key bound to another account find nothing.
    expect((await t.app.inject({ method: 'GET', url: `/v1/accounts/${source.accountId}/exports/${ready.id}/files/manifest.json` })).statusCode).toBe(401);
    const stranger = await t.newPlatform();
    expect((await stranger.api.get(`/v1/accounts/${source.accountId}/exports/${ready.id}`)).status).toBe(404);
    const bound = await t.restrictedKey({ permissions: { accounts: 'read' }, account: other.accountId });
    expect((await t.api.get(`/v1/accounts/${source.accountId}/exports/${ready.id}`, undefined, { key: bound })).status).toBe(404);
    expect((await download(source.accountId, ready.id, 'secrets.json')).statusCode).toBe(404);
    expect((await download(source.accountId, ready.id, '..%2F..%2Fmanifest.json')).statusCode).toBe(400);

    // Round trip: the resources, their schedules, then the bookings through the import API.
    const copy = await t.newAccount({ name: 'Riverside (restored)' });
    const newId = new Map<string, string>();
    const nameOf = new Map<string, string>();
    for (const r of files.resources!) {
      const res = await copy.post('/v1/resources', { name: r.name, type: r.type, capacity: r.capacity, timezone: r.timezone, metadata: r.metadata });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      newId.set(r.id, res.body.id);
      nameOf.set(r.id, r.name).set(res.body.id, r.name);
    }
    for (const s of files.schedules!) {
      const res = await copy.post('/v1/schedules', { resource: newId.get(s.resource), effective_from: s.effective_from, weeks: s.weeks, metadata: s.metadata });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect(files.schedule_overrides).toHaveLength(1);
    for (const o of files.schedule_overrides!) {
      const res = await copy.post('/v1/schedule_overrides', { resource: newId.get(o.resource), date: o.date, intervals: o.intervals, metadata: o.metadata });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect(files.blocks).toHaveLength(1);
    for (const b of files.blocks!) {
      const res = await copy.post('/v1/blocks', { resource: newId.get(b.resource), start: b.start, end: b.end, reason: b.reason, metadata: b.metadata });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const strip = (c: any) => (c === null ? null : Object.fromEntries(Object.entries(c).filter(([, v]) => v !== null)));
    const imported = await copy.post('/v1/bookings/import', {
      bookings: files.bookings!.map((b) => ({
        segments: b.segments.map((s: any) => ({ resource: newId.get(s.resource), start: s.start, end: s.end })),
        status: b.status,
        seats: b.seats ?? undefined,
        metadata: b.metadata,
        customer: strip(b.customer),
        created_at: b.created_at,
      })),
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);

    const sourceBookings = (await source.get('/v1/bookings', { limit: 100 })).body.data.map((b: any) => essence(b, nameOf));
    const copyBookings = (await copy.get('/v1/bookings', { limit: 100 })).body.data.map((b: any) => essence(b, nameOf));
    const byStart = (a: any, b: any) => (a.start + a.status + a.resources).localeCompare(b.start + b.status + b.resources);
    expect(copyBookings.sort(byStart)).toEqual(sourceBookings.sort(byStart));
    // Three days of availability, the override's and the block's included, are the same.
    const sourceA = await availability(source, [roomA.id]);
    expect(sourceA.some((s: any) => s.start.startsWith(nextDay))).toBe(true);
    expect(await availability(copy, [newId.get(roomA.id)!])).toEqual(sourceA);
    expect(await availability(copy, [newId.get(roomB.id)!])).toEqual(await availability(source, [roomB.id]));

    // export.ready was recorded, and the export is listed.
    const events = (await source.get('/v1/events', { type: 'export.ready' })).body.data;
    expect(events.map((e: any) => e.data.object.id)).toEqual([ready.id]);
    expect(events[0].actor).toEqual({ type: 'worker', id: 'privacy.exports' });
    expect((await t.api.get(`/v1/accounts/${source.accountId}/exports`)).body.data.map((e: any) => e.id)).toEqual([ready.id]);
  });

  it("writes the account's locations, its series with their bookings, and the attendees of its seated bookings, each as the API shows it", async () => {
    const api = await t.newAccount({ name: 'Harbour' });
    const hall = (await api.post('/v1/locations', { name: 'Hall', timezone: 'Europe/Lisbon', metadata: { floor: '2' } })).body;
    const room = await openResource(api, { name: 'Studio', capacity: 6, default_location: hall.id }, [{ start: '08:00', end: '20:00' }]);
    const series = await api.post('/v1/series', {
      rrule: 'FREQ=DAILY;COUNT=3',
      start_date: day,
      start_time: '08:00',
      timezone: 'UTC',
      template: { segments: [{ resources: [room.id], duration_minutes: 60 }] },
    });
    expect(series.status, JSON.stringify(series.body)).toBe(200);
    const seated = await book(api, { segments: [seg(room.id, day, '15:00', '16:00')], seats: 4 });
    const attendee = await api.post(`/v1/bookings/${seated.id}/attendees`, { seats: 2, metadata: { name: 'Grace' } });
    expect(attendee.status, JSON.stringify(attendee.body)).toBe(200);

    const created = await t.api.post(`/v1/accounts/${api.accountId}/exports`);
    const { current: ready } = await runUntilReady(t.api, api.accountId, created.body.id);
    const files: Record<string, any[]> = {};
    for (const f of ready.files) files[f.type] = linesOf((await download(api.accountId, ready.id, f.file)).body);

    expect(files.locations).toEqual([(await api.get(`/v1/locations/${hall.id}`)).body]);
    expect(files.resources!.map((r) => r.default_location)).toEqual([hall.id]);
    expect(files.series).toEqual([(await api.get(`/v1/series/${series.body.id}`)).body]);
    expect(files.bookings!.filter((b) => b.series === series.body.id)).toHaveLength(3);
    expect(files.attendees).toEqual([(await api.get(`/v1/attendees/${attendee.body.id}`)).body]);
    expect(files.bookings!.find((b) => b.id === seated.id)).toEqual((await api.get(`/v1/bookings/${seated.id}`)).body);
  });

  it('writes a large account in bounded pieces, one per account and pass, without holding another account back', async () => {
    const big = await t.newAccount({ name: 'Big' });
    const small = await t.newAccount({ name: 'Small' });
    const room = await openResource(big, {}, [{ start: '00:00', end: '24:00' }]);
    for (let batch = 0; batch < 6; batch++) {
      const bookings = Array.from({ length: 100 }, (_, i) => {
        const start = new Date(Date.parse(`${day}T00:00:00Z`) + (batch * 100 + i) * 60_000).toISOString();
        return { segments: [{ resource: room.id, start, end: new Date(Date.parse(start) + 60_000).toISOString() }], conflict_policy: 'allow' };
      });
      expect((await big.post('/v1/bookings/import', { bookings })).status).toBe(200);
    }
    const bigExport = (await t.api.post(`/v1/accounts/${big.accountId}/exports`)).body;
    const smallExport = (await t.api.post(`/v1/accounts/${small.accountId}/exports`)).body;
    // The small account's export is done within a few passes, while the big one is still pending.
    let passes = 0;
    while ((await t.api.get(`/v1/accounts/${small.accountId}/exports/${smallExport.id}`)).body.status === 'pending') {
      await t.runWorker('privacy.exports');
      passes++;
    }
    expect((await t.api.get(`/v1/accounts/${big.accountId}/exports/${bigExport.id}`)).body.status).toBe('pending');
    const { current } = await runUntilReady(t.api, big.accountId, bigExport.id);
    expect(current.files.find((f: any) => f.type === 'bookings').count).toBe(600);
    expect(passes).toBeLessThanOrEqual(12);
  });

  it("removes a deleted account's export files, and leaves alone what is not an account's folder", async () => {
    const gone = await t.newAccount({ name: 'Closing' });
    const kept = await t.newAccount({ name: 'Staying' });
    const exports = [];
    for (const api of [gone, kept]) {
      await openResource(api, { name: 'Desk' });
      const started = (await t.api.post(`/v1/accounts/${api.accountId}/exports`)).body;
      exports.push((await runUntilReady(t.api, api.accountId, started.id)).current);
    }
    fs.mkdirSync(path.join(exportsDir, 'not-an-account'), { recursive: true });
    expect(fs.existsSync(path.join(exportsDir, gone.accountId, exports[0].id, 'manifest.json'))).toBe(true);
    expect((await t.api.del(`/v1/accounts/${gone.accountId}`)).status).toBe(200);
    expect(await sweepDeletedAccounts(t.db.kysely, exportsDir)).toBe(1);
    expect(fs.existsSync(path.join(exportsDir, gone.accountId))).toBe(false);
    expect(fs.existsSync(path.join(exportsDir, kept.accountId, exports[1].id, 'manifest.json'))).toBe(true);
    expect(fs.existsSync(path.join(exportsDir, 'not-an-account'))).toBe(true);
  });

  it('fails an export with the reason when its folder cannot be written, and holds no other export back', async () => {
    const blocked = await t.newAccount({ name: 'Blocked' });
    // A file where the account's folder should be: the worker cannot make the export's folder.
    fs.writeFileSync(path.join(exportsDir, blocked.accountId), 'not a folder');
    const started = (await t.api.post(`/v1/accounts/${blocked.accountId}/exports`)).body;
    const { current } = await runUntilReady(t.api, blocked.accountId, started.id);
    expect(current).toMatchObject({ status: 'failed', download_url: null, files: [] });
    expect(current.failure_reason).toMatch(/^The export folder could not be written \(E[A-Z]+\)\.$/);
    fs.rmSync(path.join(exportsDir, blocked.accountId));
  });

  it("fails an export with the reason when its files are removed before it finishes, rather than leaving it pending", async () => {
    const api = await t.newAccount({ name: 'Swept' });
    await openResource(api, { name: 'Desk' });
    const started = (await t.api.post(`/v1/accounts/${api.accountId}/exports`)).body;
    // The first pass writes the account's own file; then the folder goes, as a sweep of another
    // service sharing the folder would take it.
    await t.runWorker('privacy.exports');
    expect(fs.existsSync(path.join(exportsDir, api.accountId, started.id, 'accounts.jsonl'))).toBe(true);
    fs.rmSync(path.join(exportsDir, api.accountId), { recursive: true });
    const { current } = await runUntilReady(t.api, api.accountId, started.id);
    expect(current).toMatchObject({ status: 'failed', download_url: null, files: [] });
    expect(current.failure_reason).toBe("The export's files could not be read back (ENOENT).");
  });

  it('answers 404 for an account or export it cannot see, and 403 to a key without accounts: write', async () => {
    const api = await t.newAccount();
    expectError(await t.api.post('/v1/accounts/acct_nope/exports'), 404, 'resource_missing');
    expectError(await t.api.get(`/v1/accounts/${api.accountId}/exports/exp_nope`), 404, 'resource_missing');
    const readOnly = await t.restrictedKey({ permissions: { accounts: 'read' } });
    expectError(await t.api.post(`/v1/accounts/${api.accountId}/exports`, {}, { key: readOnly }), 403, 'permission_denied');
  });
});
