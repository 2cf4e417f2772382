import { beforeEach, describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { book, eventsOf, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const HOUR = 3_600_000;
const DAY = '2031-03-12';

/** Business time: two days before the bookings of DAY at 10:00 UTC. */
beforeEach(() => {
  t.clock.set('2031-03-10T08:00:00Z');
});

async function setup(accountOffsets: number[], resourceOffsets?: number[] | null) {
  const api = await t.newAccount();
  expect((await api.post(`/v1/accounts/${api.accountId}`, { reminder_offsets_minutes: accountOffsets })).status).toBe(200);
  const room = await openResource(api, resourceOffsets === undefined ? {} : { reminder_offsets_minutes: resourceOffsets });
  return { api, room };
}

async function passAt(iso: string) {
  t.clock.set(iso);
  await t.runWorker('booking-reminders');
}

const reminders = async (api: Awaited<ReturnType<typeof setup>>['api'], bookingId?: string) =>
  (await eventsOf(api, 'booking.reminder', bookingId)).map((e) => e.data.reminder.offset_minutes).sort((a, b) => b - a);

describe('booking reminders', () => {
  it("emits booking.reminder once per offset at start minus the offset, with the account's offsets by default", async () => {
    const { api, room } = await setup([1440, 60]);
    const b = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')] });

    await passAt('2031-03-11T09:59:00Z');
    expect(await reminders(api, b.id)).toEqual([]);
    await passAt('2031-03-11T10:00:00Z');
    await t.runWorker('booking-reminders');
    expect(await reminders(api, b.id)).toEqual([1440]);
    await passAt('2031-03-12T09:30:00Z');
    await Promise.all([t.runWorker('booking-reminders'), t.runWorker('booking-reminders')]);
    expect(await reminders(api, b.id)).toEqual([1440, 60]);

    const [event] = await eventsOf(api, 'booking.reminder', b.id);
    expect(event.data).toMatchObject({
      object: { id: b.id, object: 'booking', status: 'confirmed' },
      previous_attributes: null,
      reminder: { offset_minutes: 60, remind_at: '2031-03-12T09:00:00Z' },
    });
    // After the start, nothing more.
    await passAt('2031-03-12T10:30:00Z');
    expect(await reminders(api, b.id)).toEqual([1440, 60]);
  });

  it("takes a resource's own offsets over the account's, and [] on a resource sends none", async () => {
    const { api, room } = await setup([1440], [30]);
    const quiet = await openResource(api, { reminder_offsets_minutes: [] });
    expect(room).toMatchObject({ reminder_offsets_minutes: [30] });
    const a = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')] });
    const b = await book(api, { segments: [seg(quiet.id, DAY, '10:00', '11:00')] });
    await passAt('2031-03-12T09:45:00Z');
    expect(await reminders(api, a.id)).toEqual([30]);
    expect(await reminders(api, b.id)).toEqual([]);
  });

  it('does not send an offset already past when the booking was made', async () => {
    const { api, room } = await setup([1440, 60]);
    t.clock.set('2031-03-12T07:00:00Z');
    const b = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')] });
    await passAt('2031-03-12T09:00:00Z');
    expect(await reminders(api, b.id)).toEqual([60]);
  });

  it('sends nothing for a cancelled booking, nor for a pending one until it is confirmed', async () => {
    const { api, room } = await setup([60]);
    const cancelled = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')] });
    expect((await api.post(`/v1/bookings/${cancelled.id}/cancel`)).status).toBe(200);
    const pending = await book(api, { segments: [seg(room.id, DAY, '12:00', '13:00')], status: 'pending', expires_at: '2031-03-12T12:00:00Z' });
    await passAt('2031-03-12T11:30:00Z');
    expect(await reminders(api)).toEqual([]);
    expect((await api.post(`/v1/bookings/${pending.id}/confirm`)).status).toBe(200);
    await passAt('2031-03-12T11:31:00Z');
    // Its 60-minute instant (11:00) was past when it was confirmed (11:30).
    expect(await reminders(api, pending.id)).toEqual([]);
  });

  it('sends the reminders of a rescheduled booking again, at its new time', async () => {
    const { api, room } = await setup([1440]);
    const old = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')] });
    await passAt('2031-03-11T10:00:00Z');
    expect(await reminders(api, old.id)).toEqual([1440]);
    const moved = (await api.post(`/v1/bookings/${old.id}/reschedule`, { segments: [seg(room.id, '2031-03-14', '10:00', '11:00')] })).body;
    expect(moved.replaces).toBe(old.id);
    await passAt('2031-03-13T09:59:00Z');
    expect(await reminders(api, moved.id)).toEqual([]);
    await passAt('2031-03-13T10:00:00Z');
    expect(await reminders(api, moved.id)).toEqual([1440]);
    expect(await reminders(api, old.id)).toEqual([1440]);
  });

  it('refuses more than 5 offsets, repeated offsets and offsets outside 1..43200 minutes', async () => {
    const api = await t.newAccount();
    expectError(await api.post(`/v1/accounts/${api.accountId}`, { reminder_offsets_minutes: [1, 2, 3, 4, 5, 6] }), 400, 'parameter_invalid');
    expectError(await api.post('/v1/resources', { name: 'R', type: 'room', reminder_offsets_minutes: [60, 60] }), 400, 'parameter_invalid');
    expectError(await api.post('/v1/resources', { name: 'R', type: 'room', reminder_offsets_minutes: [0] }), 400, 'parameter_invalid');
    expectError(await api.post('/v1/resources', { name: 'R', type: 'room', reminder_offsets_minutes: [43_201] }), 400, 'parameter_invalid');
    const ok = await api.post('/v1/resources', { name: 'R', type: 'room', reminder_offsets_minutes: [5, 43_200] });
    expect(ok.body.reminder_offsets_minutes).toEqual([43_200, 5]);
    const cleared = await api.post(`/v1/resources/${ok.body.id}`, { reminder_offsets_minutes: null });
    expect(cleared.body.reminder_offsets_minutes).toBeNull();
    expect((await api.get(`/v1/accounts/${api.accountId}`)).body.reminder_offsets_minutes).toEqual([]);
  });
});
