/**
 * Idle workers back off (docs/performance.md, "Background passes"): an empty pass is followed
 * by a longer and longer sleep, up to WORKER_IDLE_MS; a write committed in the process to a
 * worker's tables wakes it, and a worker never sleeps past the time its next item falls due.
 * These tests run the workers on their timers, in real time (the test clock follows it).
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { Receiver, eventually } from '../support/receiver.js';
import { pollingWorker, type Pacing } from '../../src/workers/poller.js';
import { book, eventsOf, futureDay, openResource, seg } from './bookings.helpers.js';
import { createSeries, dailyKeys, liveKeys, seriesBody } from './series.helpers.js';

const POLL_MS = 40;
const t = await setupTestApp({ workerPollMs: POLL_MS, workerIdleMs: 60_000 });
const silent = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A worker whose passes find nothing, and the times they ran at. */
function emptyWorker(pacing: Partial<Pacing>, wakeOn: string[] = []) {
  const passes: number[] = [];
  const worker = pollingWorker('test.empty', { pollMs: 20, idleMs: 160, clock: t.clock, writes: t.db.committedWrites, ...pacing }, silent, async () => {
    passes.push(Date.now());
    return false;
  }, { wakeOn });
  return { worker, passes, gaps: () => passes.slice(1).map((at, i) => at - passes[i]!) };
}

describe('an idle worker', () => {
  it('sleeps twice as long after each pass that finds nothing, up to the idle ceiling', async () => {
    const { worker, gaps } = emptyWorker({ pollMs: 20, idleMs: 160 });
    worker.start();
    await sleep(1500);
    await worker.stop();
    const seen = gaps();
    // 20, 40, 80, then the ceiling of 160 from there on. Timers never run early, so the lower
    // bounds show the doubling; they run late on a busy machine (the suite runs files side by
    // side on two cores), so the upper bounds only show that no sleep is far past its length.
    expect(seen.length).toBeGreaterThanOrEqual(6);
    [20, 40, 80].forEach((sleep, i) => {
      expect(seen[i]).toBeGreaterThanOrEqual(sleep - 2);
      expect(seen[i]).toBeLessThan(sleep + 150);
    });
    for (const gap of seen.slice(3)) expect(gap).toBeGreaterThanOrEqual(155), expect(gap).toBeLessThan(500);
  });

  it('runs at once when this process commits a write to a table it wakes on, and not for a write it was rolled back', async () => {
    const { worker, passes } = emptyWorker({ pollMs: 20, idleMs: 60_000 }, ['accounts']);
    worker.start();
    await sleep(1500); // sleeping 1.3 to 2.6 s by now
    const before = passes.length;
    await t.db.kysely
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('accounts').set({ name: 'Rolled back' }).where('id', '=', 'acct_none').execute();
        throw new Error('roll back');
      })
      .catch(() => {});
    await sleep(150);
    expect(passes.length).toBe(before);
    let committed = 0;
    const stopWatching = t.db.committedWrites.on(['accounts'], () => (committed ||= Date.now()));
    expect((await t.api.post('/v1/accounts', { name: 'Wakes the worker' })).status).toBe(200);
    stopWatching();
    await eventually(() => passes.length > before, { timeoutMs: 1000, what: 'a pass after the write' });
    expect(passes[before]! - committed).toBeLessThan(300);
    await worker.stop();
  });

  it('delivers a webhook made by an API request promptly after a long idle period', async () => {
    const receiver = await Receiver.start();
    try {
      const api = await t.newAccount();
      expect((await t.api.post('/v1/webhook_endpoints', { url: receiver.url, enabled_events: ['resource.created'] })).status).toBe(200);
      t.startWorkers(['webhooks.delivery']);
      await sleep(3500); // by now the worker sleeps for 3 s or more
      const made = Date.now();
      const room = await openResource(api, {}, null);
      await eventually(() => receiver.requests.some((r) => r.json?.data?.object?.id === room.id), { timeoutMs: 10_000, what: 'the delivery' });
      // Soon after the write (an attempt takes a few hundred ms on a busy machine), not at the end of the worker's sleep.
      expect(Date.now() - made).toBeLessThan(2000);
    } finally {
      await receiver.close();
    }
  });

  it('expires a pending hold on time though it had backed off past the hold’s expiry', async () => {
    const api = await t.newAccount();
    const room = await openResource(api, {}, [{ start: '00:00', end: '23:59' }]);
    t.startWorkers(['booking-expiry']);
    await sleep(1500);
    // The booking's write wakes the worker, which then backs off again: 40, 80, … 5,120 ms,
    // past the hold's expiry in 6 s (it would pass at about 10 s); it must sleep only until the hold lapses.
    const expiresAt = t.clock.now().getTime() + 6000;
    const hold = await book(api, { segments: [seg(room.id, futureDay(3), '10:00', '11:00')], status: 'pending', expires_at: new Date(expiresAt).toISOString() });
    const [expired] = await eventually(async () => eventsOf(api, 'booking.expired', hold.id).then((e) => (e.length ? e : null)), { timeoutMs: 10_000, what: 'booking.expired' });
    // created_at is in whole seconds.
    expect(new Date(expired.created_at).getTime() - expiresAt).toBeLessThan(1500);
  });

  it('sends a reminder on time though it had backed off past the reminder', async () => {
    const api = await t.newAccount();
    expect((await api.post(`/v1/accounts/${api.accountId}`, { reminder_offsets_minutes: [60] })).status).toBe(200);
    const room = await openResource(api, {}, [{ start: '00:00', end: '23:59' }]);
    // Business time 6 s before the reminder of a booking at 10:00 on a future day (at 09:00).
    const day = futureDay(5);
    const dueAt = new Date(`${day}T09:00:00Z`).getTime();
    t.clock.reset();
    t.clock.advance(dueAt - 6000 - Date.now());
    try {
      t.startWorkers(['booking-reminders']);
      const booking = await book(api, { segments: [seg(room.id, day, '10:00', '11:00')] });
      const [reminder] = await eventually(async () => eventsOf(api, 'booking.reminder', booking.id).then((e) => (e.length ? e : null)), { timeoutMs: 10_000, what: 'booking.reminder' });
      expect(new Date(reminder.created_at).getTime() - dueAt).toBeLessThan(1500);
    } finally {
      t.clock.reset();
    }
  });

  it('generates a series up to its horizon on time though it had backed off past the moment', async () => {
    const api = await t.newAccount();
    const room = await openResource(api, {}, [{ start: '00:00', end: '23:59' }]);
    // Business time 6 s before 2027-01-04 10:00: a daily series at 10:00 with a horizon of one
    // day has its first occurrence at creation and is due for the next at 10:00.
    t.clock.reset();
    t.clock.advance(Date.parse('2027-01-04T09:59:54Z') - Date.now());
    try {
      t.startWorkers(['series.horizon']);
      const series = await createSeries(api, seriesBody(room.id, { horizon_days: 1 }));
      expect(await liveKeys(api, series.id)).toEqual(dailyKeys('2027-01-04', 1));
      await eventually(async () => (await liveKeys(api, series.id)).length === 2, { timeoutMs: 10_000, what: 'the next occurrence' });
      expect(t.clock.now().getTime() - Date.parse('2027-01-04T10:00:00Z')).toBeLessThan(1500);
    } finally {
      t.clock.reset();
    }
  });
});
