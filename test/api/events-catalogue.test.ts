/**
 * The event catalogue, checked against what the API really emits and against docs/events.md.
 *
 * It drives every feature that exists through HTTP to produce one event of each type it can.
 * Run with WRITE_EVENT_SAMPLES=1 to refresh the sample payloads in docs/events.md from these
 * real objects (sections of types it could not produce keep their hand-written sample).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupTestApp, type Client } from '../support/harness.js';
import { eventually } from '../support/receiver.js';
import { EVENT_TYPES } from '../../src/events/catalogue.js';
import { createWorkers } from '../../src/app.js';
import { futureDay, openResource, seg, at } from './bookings.helpers.js';
import { silent } from './webhooks.helpers.js';
import { LATEST_API_VERSION } from '../../src/lib/api-versions.js';

const t = await setupTestApp({ workerPollMs: 100, webhookRetryScheduleSeconds: [0, 1, 1] });
const DOC = path.resolve(import.meta.dirname, '../../docs/events.md');

/** Runs one step of the tour; a feature still missing must not stop the others. */
async function step(name: string, fn: () => Promise<unknown>, failures: string[]) {
  try {
    await fn();
  } catch (err) {
    failures.push(`${name}: ${(err as Error).message}`);
  }
}

async function ok(res: Promise<{ status: number; body: any }>) {
  const r = await res;
  if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

async function tour(api: Client & { accountId: string }, failures: string[]) {
  const day = futureDay(20);
  const past = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  let room: any, hall: any, booking: any;
  await step('account', async () => {
    await ok(t.api.post(`/v1/accounts/${api.accountId}`, { name: 'Riverside Studio', metadata: { crm_id: 'C-1042' } }));
    const gone = await ok(t.api.post('/v1/accounts', { name: 'Closed branch' }));
    await ok(t.api.del(`/v1/accounts/${gone.id}`));
  }, failures);
  await step('location', async () => {
    hall = await ok(api.post('/v1/locations', { name: 'Main hall', timezone: 'Europe/Paris' }));
    await ok(api.post(`/v1/locations/${hall.id}`, { name: 'Main hall (ground floor)' }));
    const annex = await ok(api.post('/v1/locations', { name: 'Annex' }));
    await ok(api.del(`/v1/locations/${annex.id}`));
  }, failures);
  await step('resource', async () => {
    room = await openResource(api, { name: 'Studio A', type: 'room', capacity: 1, default_location: hall?.id ?? null });
    await ok(api.post(`/v1/resources/${room.id}`, { name: 'Studio A (large)', buffer_after_minutes: 10 }));
    const spare = await ok(api.post('/v1/resources', { name: 'Spare mat', type: 'equipment' }));
    await ok(api.post(`/v1/resources/${spare.id}/archive`));
    await ok(api.post(`/v1/resources/${spare.id}/unarchive`));
    await ok(api.del(`/v1/resources/${spare.id}`));
  }, failures);
  await step('schedule', async () => {
    const s = await ok(api.post('/v1/schedules', { resource: room.id, effective_from: '2030-01-07', weeks: [{ monday: [{ start: '09:00', end: '17:00' }] }] }));
    await ok(api.post(`/v1/schedules/${s.id}`, { weeks: [{ monday: [{ start: '08:00', end: '18:00', location: null }] }] }));
    await ok(api.del(`/v1/schedules/${s.id}`));
  }, failures);
  await step('schedule_override', async () => {
    const o = await ok(api.post('/v1/schedule_overrides', { resource: room.id, date: futureDay(60), intervals: [{ start: '10:00', end: '14:00' }] }));
    await ok(api.post(`/v1/schedule_overrides/${o.id}`, { intervals: [] }));
    await ok(api.del(`/v1/schedule_overrides/${o.id}`));
  }, failures);
  await step('block', async () => {
    const d = futureDay(61);
    const b = await ok(api.post('/v1/blocks', { resource: room.id, start: at(d, '12:00'), end: at(d, '13:00'), reason: 'Maintenance' }));
    await ok(api.post(`/v1/blocks/${b.id}`, { reason: 'Floor cleaning' }));
    await ok(api.del(`/v1/blocks/${b.id}`));
  }, failures);
  await step('webhook_endpoint', async () => {
    const e = await ok(t.api.post('/v1/webhook_endpoints', { url: 'https://hooks.example.com/scheduling', enabled_events: ['booking.*'], description: 'Bookings feed' }));
    await ok(t.api.post(`/v1/webhook_endpoints/${e.id}`, { enabled_events: ['booking.*', 'attendee.*'] }));
    await ok(t.api.del(`/v1/webhook_endpoints/${e.id}`));
  }, failures);
  await step('booking lifecycle', async () => {
    booking = await ok(api.post('/v1/bookings', { segments: [seg(room.id, day, '10:00', '11:00')], metadata: { customer: 'cus_829' } }));
    await ok(api.post(`/v1/bookings/${booking.id}`, { metadata: { note: 'Window seat' } }));
    const pending = await ok(api.post('/v1/bookings', { segments: [seg(room.id, day, '12:00', '13:00')], status: 'pending' }));
    await ok(api.post(`/v1/bookings/${pending.id}/confirm`));
    await ok(api.post(`/v1/bookings/${pending.id}/cancel`, { reason: 'Customer asked' }));
    booking = await ok(api.post(`/v1/bookings/${booking.id}/reschedule`, { segments: [seg(room.id, day, '14:00', '15:00')] }));
    await ok(api.post(`/v1/resources/${room.id}/archive`));
    await ok(api.post(`/v1/resources/${room.id}/unarchive`));
  }, failures);
  await step('approval', async () => {
    const studio = await ok(api.post('/v1/resources', { name: 'Studio C', type: 'room', booking_policy: { approval: 'required', approval_timeout_minutes: 720 } }));
    await ok(api.post('/v1/schedules', { resource: studio.id, effective_from: '2020-01-06', weeks: [Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [{ start: '09:00', end: '17:00' }]]))] }));
    const customer = { reference: 'cus_829', name: 'Ada Lovelace', email: 'ada@example.com', locale: 'en-GB', time_zone: 'Europe/London' };
    const asked = await ok(api.post('/v1/bookings', { segments: [seg(studio.id, day, '10:00', '11:00')], requested: true, customer }));
    await ok(api.post(`/v1/bookings/${asked.id}/approve`));
    const refused = await ok(api.post('/v1/bookings', { segments: [seg(studio.id, day, '12:00', '13:00')], requested: true, customer }));
    await ok(api.post(`/v1/bookings/${refused.id}/decline`, { reason: 'Closed for a private event' }));
  }, failures);
  await step('deposit', async () => {
    const deposit = { amount: 2000, currency: 'EUR', hold_minutes: 30 };
    const studio = await ok(api.post('/v1/resources', { name: 'Studio D', type: 'room', booking_policy: { deposit, cancel_cutoff_minutes: 1440 } }));
    await ok(api.post('/v1/schedules', { resource: studio.id, effective_from: '2020-01-06', weeks: [Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [{ start: '09:00', end: '17:00' }]]))] }));
    const customer = { reference: 'cus_829', name: 'Ada Lovelace', email: 'ada@example.com' };
    const held = await ok(api.post('/v1/bookings', { segments: [seg(studio.id, day, '10:00', '11:00')], requested: true, customer }));
    await ok(api.post(`/v1/bookings/${held.id}/payments`, { amount: 2000, currency: 'EUR', provider: 'stripe', reference: 'pi_3QxY2eLkdIwHu7ix0a1b2c3d' }));
    await ok(api.post(`/v1/bookings/${held.id}/cancel`, { reason: 'Customer asked' }));
  }, failures);
  await step('booking completed / no_show', async () => {
    const imported = await ok(
      api.post('/v1/bookings/import', {
        bookings: [
          { segments: [seg(room.id, past, '10:00', '11:00')], status: 'confirmed', seats: 4 },
          { segments: [seg(room.id, past, '12:00', '13:00')], status: 'confirmed' },
        ],
      }),
    );
    const [done, missed] = imported.data;
    await step('attendees of a past booking', async () => {
      const a = await ok(api.post(`/v1/bookings/${done.id}/attendees`, { seats: 1, metadata: { name: 'Ada' } }));
      const b = await ok(api.post(`/v1/bookings/${done.id}/attendees`, { seats: 1 }));
      await ok(api.post(`/v1/attendees/${a.id}/complete`));
      await ok(api.post(`/v1/attendees/${b.id}/no_show`));
    }, failures);
    await ok(api.post(`/v1/bookings/${done.id}/complete`));
    await ok(api.post(`/v1/bookings/${missed.id}/no_show`));
  }, failures);
  await step('api keys', async () => {
    const key = await ok(t.api.post('/v1/api_keys', { name: 'Front desk tablet', permissions: { bookings: 'write' }, account: api.accountId }));
    await ok(t.api.post(`/v1/api_keys/${key.id}/revoke`));
  }, failures);
  await step('booking sessions', async () => {
    const segments = [{ resource: room.id, duration_minutes: 30 }];
    const session = await ok(api.post('/v1/booking_sessions', { segments, from: at(day, '16:00'), to: at(day, '17:00'), slot_interval_minutes: 30, customer: { reference: 'cus_42' }, allowed_origins: ['https://shop.example'] }));
    const browser = api.withKey(session.client_secret);
    const hold = await ok(browser.post('/v1/bookings', { start: at(day, '16:00') }));
    await ok(browser.post(`/v1/bookings/${hold.id}`, { customer: { name: 'Ada Lovelace', email: 'ada@example.com' } }));
    await ok(browser.post(`/v1/bookings/${hold.id}/confirm`));
    const left = await ok(api.post('/v1/booking_sessions', { segments, return_url: 'https://shop.example/booked' }));
    await ok(api.post(`/v1/booking_sessions/${left.id}/expire`));
  }, failures);
  await step('attendees', async () => {
    const withSeats = await ok(api.post('/v1/bookings', { segments: [seg(room.id, day, '15:20', '15:50')], seats: 10 }));
    const a = await ok(api.post(`/v1/bookings/${withSeats.id}/attendees`, { seats: 2, status: 'pending', metadata: { name: 'Grace' } }));
    await ok(api.post(`/v1/attendees/${a.id}`, { seats: 3 }));
    await ok(api.post(`/v1/attendees/${a.id}/confirm`));
    const b = await ok(api.post(`/v1/bookings/${withSeats.id}/attendees`, { seats: 1 }));
    await ok(api.post(`/v1/attendees/${b.id}/cancel`, { reason: 'Ill' }));
    const soon = new Date(t.clock.now().getTime() + 1500).toISOString();
    await ok(api.post(`/v1/bookings/${withSeats.id}/attendees`, { seats: 1, status: 'pending', expires_at: soon }));
    await ok(api.post('/v1/bookings', { segments: [seg(room.id, day, '16:00', '16:30')], status: 'pending', expires_at: soon }));
  }, failures);
  await step('waitlist', async () => {
    const full = await ok(api.post('/v1/bookings', { segments: [seg(room.id, day, '09:10', '09:40')], seats: 1, waitlist_limit: 5, waitlist_hold_minutes: 60 }));
    const seated = await ok(api.post(`/v1/bookings/${full.id}/attendees`, { metadata: { name: 'Lin' } }));
    await ok(api.post(`/v1/bookings/${full.id}/attendees`, { metadata: { name: 'Sam' } }));
    await ok(api.post(`/v1/attendees/${seated.id}/cancel`, { reason: 'Travelling' }));
  }, failures);
  await step('privacy', async () => {
    await ok(api.post('/v1/bookings', { segments: [seg(room.id, futureDay(22), '15:00', '16:00')], customer: { reference: 'cus_1042', name: 'Ada Lovelace', email: 'ada@example.org' } }));
    await ok(api.post('/v1/customers/erase', { customer: { reference: 'cus_1042' } }));
    const started = await ok(t.api.post(`/v1/accounts/${api.accountId}/exports`));
    for (let pass = 0; pass < 50 && (await ok(t.api.get(`/v1/accounts/${api.accountId}/exports/${started.id}`))).status === 'pending'; pass++) {
      await t.runWorker('privacy.exports');
    }
  }, failures);
  await step('series', async () => {
    const studio = await openResource(api, { name: 'Studio B', type: 'room', timezone: 'Europe/Paris' });
    const yoga = await ok(
      api.post('/v1/series', {
        rrule: 'FREQ=WEEKLY;BYDAY=MO,WE',
        start_date: futureDay(3),
        start_time: '09:00',
        timezone: 'Europe/Paris',
        template: { segments: [{ resource: studio.id, duration_minutes: 60 }], seats: 8, metadata: { class: 'yoga-beginners' } },
        horizon_days: 28,
        metadata: { teacher: 'Ana' },
      }),
    );
    await ok(api.post(`/v1/series/${yoga.id}`, { horizon_days: 35, metadata: { level: 'beginners' } }));
    const evening = await ok(api.post(`/v1/series/${yoga.id}/split`, { at: at(futureDay(17), '00:00'), start_time: '17:00' }));
    await ok(api.post(`/v1/series/${evening.id}/cancel`));
    // A short series ends once its last occurrence is over: move the clock past it.
    await ok(
      api.post('/v1/series', {
        rrule: 'FREQ=DAILY;COUNT=2',
        start_date: futureDay(1),
        start_time: '12:00',
        template: { segments: [{ resource: studio.id, duration_minutes: 30 }] },
      }),
    );
    t.clock.advance(4 * 86_400_000);
    await t.runWorker('series.horizon');
  }, failures);
}

async function allEvents(api: Client) {
  const out: any[] = [];
  let after: string | undefined;
  for (;;) {
    const page = (await api.get('/v1/events', { limit: 100, ...(after ? { starting_after: after } : {}) })).body;
    out.push(...page.data);
    if (!page.has_more) return out;
    after = page.data.at(-1).id;
  }
}

function documentedTypes(doc: string): string[] {
  return [...doc.matchAll(/^### `([a-z_]+\.[a-z_]+)`$/gm)].map((m) => m[1]);
}

describe('event catalogue', () => {
  it('documents every catalogue type in docs/events.md, once, in catalogue order', () => {
    const doc = fs.readFileSync(DOC, 'utf8');
    expect(documentedTypes(doc)).toEqual([...EVENT_TYPES]);
    for (const type of EVENT_TYPES) {
      const section = doc.split(`### \`${type}\``)[1].split('\n### ')[0];
      expect(section, type).toMatch(/```json\n\{[\s\S]+\}\n```/);
      const sample = JSON.parse(/```json\n([\s\S]+?)\n```/.exec(section)![1]);
      expect(sample, type).toMatchObject({ object: 'event', type, api_version: LATEST_API_VERSION });
    }
  });

  it('emits only catalogue types, with the changed object in full', async () => {
    const workers = createWorkers(t.db, t.config, silent, { clock: t.clock });
    for (const w of workers) w.start();
    const failures: string[] = [];
    const api = await t.newAccount({ name: 'Riverside', timezone: 'UTC' });
    try {
      await tour(api, failures);
      // Expiry is written by the bookings worker once expires_at has passed.
      t.clock.advance(2000);
      await t.runWorker('booking-expiry');
      await step('expiry', () => eventually(async () => (await allEvents(t.api)).some((e) => e.type === 'booking.expired'), { timeoutMs: 10_000 }), failures);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const events = await allEvents(t.api);
    for (const e of events) {
      expect(EVENT_TYPES as readonly string[]).toContain(e.type);
      // customer.erased carries the erasure: the customer itself is what is gone (docs/privacy.md#erasure).
      expect(e.data.object.object).toBe(e.type === 'customer.erased' ? 'customer_erasure' : e.type.split('.')[0]);
    }
    const produced = new Set(events.map((e) => e.type));
    const missing = EVENT_TYPES.filter((type) => !produced.has(type));
    if (missing.length || failures.length) console.info(`event types not produced by the tour: ${missing.join(', ') || 'none'}\n${failures.join('\n')}`);

    if (process.env.WRITE_EVENT_SAMPLES) {
      let doc = fs.readFileSync(DOC, 'utf8');
      const oldestFirst = [...events].reverse();
      for (const type of EVENT_TYPES) {
        const sample = oldestFirst.filter((e) => e.type === type).at(-1);
        if (!sample) continue;
        const heading = `### \`${type}\``;
        const [before, rest] = doc.split(heading);
        const end = rest.indexOf('\n### ') === -1 ? rest.length : rest.indexOf('\n### ');
        const section = rest
          .slice(0, end)
          .replace(/```json\n[\s\S]+?\n```/, '```json\n' + JSON.stringify(sample, null, 2) + '\n```')
          .replace(/\n_Sample written by hand[^\n]*\n/, '\n');
        doc = before + heading + section + rest.slice(end);
      }
      fs.writeFileSync(DOC, doc);
    }
  });
});
