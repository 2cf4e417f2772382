import { describe, expect, it } from 'vitest';
import { Client, expectError, setupTestApp } from '../support/harness.js';
import { book, eventsOf, futureDay, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const day = futureDay(12);
const OLD = '2027-01-10';

const ada = { reference: 'cus_42', name: 'Ada', email: 'ada@example.com', phone: '+33612345678', locale: 'fr-fr', time_zone: 'europe/paris' };

describe('customers on bookings and attendees', () => {
  it('stores the customer of a booking, canonical locale and time zone, and keeps it across a reschedule', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], customer: ada });
    expect(b.customer).toEqual({ ...ada, locale: 'fr-FR', time_zone: 'Europe/Paris' });
    const plain = await book(api, { segments: [seg(r.id, day, '12:00', '13:00')] });
    expect(plain.customer).toBeNull();
    const moved = (await api.post(`/v1/bookings/${b.id}/reschedule`, { segments: [seg(r.id, day, '14:00', '15:00')] })).body;
    expect(moved.customer.reference).toBe('cus_42');
  });

  it('needs a reference, and names the field that is not valid', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const segments = [seg(r.id, day, '10:00', '11:00')];
    const nameless = expectError(await api.post('/v1/bookings', { segments, customer: { name: 'Ada' } }), 400, 'parameter_missing', 'customer.reference');
    expect(nameless.message).toMatch(/customer\.reference/);
    expectError(await api.post('/v1/bookings', { segments, customer: { reference: ' ' } }), 400, 'parameter_invalid', 'customer.reference');
    expectError(await api.post('/v1/bookings', { segments, customer: { reference: 'c', email: 'ada@' } }), 400, 'parameter_invalid', 'customer.email');
    expectError(await api.post('/v1/bookings', { segments, customer: { reference: 'c', phone: '0612345678' } }), 400, 'parameter_invalid', 'customer.phone');
    expectError(await api.post('/v1/bookings', { segments, customer: { reference: 'c', locale: 'not a tag' } }), 400, 'parameter_invalid', 'customer.locale');
    expectError(await api.post('/v1/bookings', { segments, customer: { reference: 'c', time_zone: '+02:00' } }), 400, 'parameter_invalid', 'customer.time_zone');
    expectError(await api.post('/v1/bookings', { segments, customer: { reference: 'c', age: 3 } }), 400, 'parameter_unknown');
    const imported = await api.post('/v1/bookings/import', { bookings: [{ segments, customer: { reference: 'c', email: 'nope' } }] });
    expectError(imported, 400, 'parameter_invalid', 'bookings[0].customer.email');
    // Nothing was written by the refusals.
    expect((await api.get('/v1/bookings')).body.data).toEqual([]);
  });

  it("refuses an attendee's invalid customer with 400 naming the field, and adds no attendee", async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], seats: 4 });
    const attendees = `/v1/bookings/${b.id}/attendees`;
    expectError(await api.post(attendees, { customer: { reference: 'a', email: 'x' } }), 400, 'parameter_invalid', 'customer.email');
    expectError(await api.post(attendees, { customer: { email: 'ada@example.com' } }), 400, 'parameter_missing', 'customer.reference');
    expectError(await api.post(attendees, { customer: { reference: 'a', time_zone: 'Mars/Olympus' } }), 400, 'parameter_invalid', 'customer.time_zone');
    const added = (await api.post(attendees, { customer: { reference: 'a' } })).body;
    expectError(await api.post(`/v1/attendees/${added.id}`, { customer: { reference: 'a', phone: '12' } }), 400, 'parameter_invalid', 'customer.phone');
    expect((await api.get(attendees)).body.data.map((a: any) => a.customer.reference)).toEqual(['a']);
  });

  it('replaces the customer on update, and null removes it', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], customer: ada });
    const renamed = (await api.post(`/v1/bookings/${b.id}`, { customer: { reference: 'cus_43' } })).body;
    expect(renamed.customer).toEqual({ reference: 'cus_43', name: null, email: null, phone: null, locale: null, time_zone: null });
    expect((await api.post(`/v1/bookings/${b.id}`, { customer: null })).body.customer).toBeNull();
  });

  it('lists the bookings of one customer, and the attendees of one customer', async () => {
    const api = await t.newAccount();
    const r = await openResource(api, {}, [{ start: '00:00', end: '24:00' }]);
    const first = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], customer: ada, seats: 5 });
    const other = await book(api, { segments: [seg(r.id, day, '12:00', '13:00')], customer: { reference: 'cus_7' } });
    const imported = (await api.post('/v1/bookings/import', { bookings: [{ segments: [seg(r.id, day, '14:00', '15:00')], customer: { reference: 'cus_42' } }] })).body;
    const mine = (await api.get('/v1/bookings', { 'customer.reference': 'cus_42' })).body.data.map((b: any) => b.id);
    expect(mine.sort()).toEqual([first.id, imported.data[0].id].sort());
    expect((await api.get('/v1/bookings', { 'customer.reference': 'cus_7' })).body.data.map((b: any) => b.id)).toEqual([other.id]);
    expect((await api.get('/v1/bookings', { 'customer.reference': 'nobody' })).body.data).toEqual([]);

    const seated = (await api.post(`/v1/bookings/${first.id}/attendees`, { customer: { reference: 'att_1', locale: 'en-GB' } })).body;
    expect(seated.customer.locale).toBe('en-GB');
    await api.post(`/v1/bookings/${first.id}/attendees`, { customer: { reference: 'att_2' } });
    const listed = (await api.get(`/v1/bookings/${first.id}/attendees`, { 'customer.reference': 'att_1' })).body.data;
    expect(listed.map((a: any) => a.id)).toEqual([seated.id]);
    const updated = (await api.post(`/v1/attendees/${seated.id}`, { customer: { reference: 'att_9' } })).body;
    expect(updated.customer.reference).toBe('att_9');
  });

  it('keeps customers from a client pinned before 2027-02-01', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], customer: ada, seats: 2 });
    await api.post(`/v1/bookings/${b.id}/attendees`, { customer: { reference: 'att_1' } });
    const old = (await api.get(`/v1/bookings/${b.id}`, undefined, { version: OLD })).body;
    expect(old).not.toHaveProperty('customer');
    const oldAttendees = (await api.get(`/v1/bookings/${b.id}/attendees`, undefined, { version: OLD })).body.data;
    expect(oldAttendees[0]).not.toHaveProperty('customer');
  });

  it("gives the manage page and the reminders the customer's locale and time zone", async () => {
    const api = await t.newAccount();
    expect((await api.post(`/v1/accounts/${api.accountId}`, { reminder_offsets_minutes: [60] })).status).toBe(200);
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], customer: ada });
    const plain = await book(api, { segments: [seg((await openResource(api)).id, day, '10:00', '11:00')] });

    const link = (await api.post(`/v1/bookings/${b.id}/manage_links`, {})).body;
    const path = new URL(link.url).pathname.replace(/^\/manage\//, '/v1/manage/');
    const view = (await new Client(t.app, '').get(path)).body;
    expect(view).toMatchObject({ object: 'manage_view', locale: 'fr-FR', time_zone: 'Europe/Paris' });

    t.clock.set(new Date(new Date(b.start).getTime() - 30 * 60_000));
    await t.runWorker('booking-reminders');
    const [reminder] = await eventsOf(api, 'booking.reminder', b.id);
    expect(reminder.data.reminder).toMatchObject({ offset_minutes: 60, locale: 'fr-FR', time_zone: 'Europe/Paris' });
    const [plainReminder] = await eventsOf(api, 'booking.reminder', plain.id);
    expect(plainReminder.data.reminder).toMatchObject({ locale: null, time_zone: null });
    const old = (await api.get(`/v1/events/${reminder.id}`, undefined, { version: OLD })).body;
    expect(old.data.reminder).toEqual({ offset_minutes: 60, remind_at: reminder.data.reminder.remind_at });
  });
});
