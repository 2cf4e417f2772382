import { describe, expect, it } from 'vitest';
import { Client, expectError, setupTestApp } from '../support/harness.js';
import { at, book, eventsOf, futureDay, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
/** The link side: no API key. */
const anonymous = new Client(t.app, '');
const pathOf = (url: string) => new URL(url).pathname.replace(/^\/manage\//, '/v1/manage/');

async function setup() {
  const api = await t.newAccount();
  const room = await openResource(api);
  const day = futureDay(9);
  const booking = await book(api, { segments: [seg(room.id, day, '10:00', '11:00')], metadata: { customer: 'cus_1' } });
  return { api, room, day, booking };
}

describe('manage links', () => {
  it("makes an unguessable link that expires at the booking's start, shown once and listed without it", async () => {
    const { api, booking } = await setup();
    const res = await api.post(`/v1/bookings/${booking.id}/manage_links`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'manage_link', booking: booking.id, status: 'active', expires_at: booking.start, revoked_at: null });
    expect(res.body.url).toMatch(new RegExp(`/manage/${api.accountId}/mlt_[A-Za-z0-9_-]{32}$`));
    const listed = await api.get(`/v1/bookings/${booking.id}/manage_links`);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0].url).toBeUndefined();
    const view = await anonymous.get(pathOf(res.body.url));
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ object: 'manage_view', booking: { id: booking.id, status: 'confirmed' }, can_change: true });
  });

  it("names the business, each resource with the zone its times are shown in, and the place", async () => {
    const api = await t.newAccount();
    await t.api.post(`/v1/accounts/${api.accountId}`, { display_name: 'Yoga Loft', accent_color: '#7c3aed' });
    const hall = (await api.post('/v1/locations', { name: 'Main hall' })).body;
    const room = await openResource(api, { name: 'Studio A', timezone: 'Europe/Paris', default_location: hall.id });
    const booking = await book(api, { segments: [seg(room.id, futureDay(9), '10:00', '11:00')] });
    const link = (await api.post(`/v1/bookings/${booking.id}/manage_links`, {})).body;
    const view = (await anonymous.get(pathOf(link.url))).body;
    expect(view.business).toEqual({ name: 'Yoga Loft', accent_color: '#7c3aed' });
    expect(view.segments).toEqual([{ resource: room.id, resource_name: 'Studio A', timezone: 'Europe/Paris', location: { id: hall.id, name: 'Main hall' } }]);
  });

  it('opens nothing with a wrong token, another account, after revoke, or after expiry', async () => {
    const { api, booking } = await setup();
    const link = (await api.post(`/v1/bookings/${booking.id}/manage_links`, {})).body;
    const path = pathOf(link.url);
    expectError(await anonymous.get(path.replace(/.{4}$/, 'AAAA')), 404, 'resource_missing');
    const other = await t.newAccount();
    expectError(await anonymous.get(path.replace(api.accountId, other.accountId)), 404, 'resource_missing');

    const revoked = await api.post(`/v1/bookings/${booking.id}/manage_links/${link.id}/revoke`);
    expect(revoked.body).toMatchObject({ status: 'revoked' });
    expectError(await anonymous.get(path), 404, 'resource_missing');
    expectError(await anonymous.post(`${path}/cancel`, {}), 404, 'resource_missing');
    expect((await api.get(`/v1/bookings/${booking.id}`)).body.status).toBe('confirmed');

    const soon = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const short = (await api.post(`/v1/bookings/${booking.id}/manage_links`, { expires_at: soon })).body;
    expect((await anonymous.get(pathOf(short.url))).status).toBe(200);
    t.clock.advance(61_000);
    expectError(await anonymous.get(pathOf(short.url)), 404, 'resource_missing');
    t.clock.reset();
  });

  it('cancels its booking, writing booking.cancelled marked as made through the link', async () => {
    const { api, booking } = await setup();
    const link = (await api.post(`/v1/bookings/${booking.id}/manage_links`, {})).body;
    const res = await anonymous.post(`${pathOf(link.url)}/cancel`, { reason: 'Cannot make it' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: booking.id, status: 'cancelled', cancellation_reason: 'Cannot make it' });
    const [event] = await eventsOf(api, 'booking.cancelled', booking.id);
    expect(event.data.source).toEqual({ type: 'manage_link', manage_link: link.id });
    // A change made with a key says nothing of a source.
    const [created] = await eventsOf(api, 'booking.created', booking.id);
    expect(created.data.source).toBeUndefined();
    expect((await anonymous.get(pathOf(link.url))).body.can_change).toBe(false);
    expectError(await anonymous.post(`${pathOf(link.url)}/cancel`, {}), 409, 'invalid_state_transition');
  });

  it('moves its booking only to a slot the search offers, and follows it to the new booking', async () => {
    const { api, room, day, booking } = await setup();
    // 14:00 is taken by someone else.
    await book(api, { segments: [seg(room.id, day, '14:00', '15:00')] });
    const link = (await api.post(`/v1/bookings/${booking.id}/manage_links`, {})).body;
    const path = pathOf(link.url);
    const slots = (await anonymous.post(`${path}/availability`, { from: at(day, '00:00'), to: at(day, '23:59') })).body.slots.map((s: any) => s.start);
    expect(slots).toContain(at(day, '12:00'));
    expect(slots).not.toContain(at(day, '14:00'));

    expectError(await anonymous.post(`${path}/reschedule`, { start: at(day, '14:00') }), 400, 'parameter_invalid', 'start');
    expectError(await anonymous.post(`${path}/reschedule`, { start: at(day, '12:07') }), 400, 'parameter_invalid', 'start');
    const moved = await anonymous.post(`${path}/reschedule`, { start: at(day, '12:00') });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: 'confirmed', start: at(day, '12:00'), replaces: booking.id, metadata: { customer: 'cus_1' } });
    const [rescheduled] = await eventsOf(api, 'booking.rescheduled', booking.id);
    expect(rescheduled.data.source).toEqual({ type: 'manage_link', manage_link: link.id });
    const [created] = await eventsOf(api, 'booking.created', moved.body.id);
    expect(created.data.source).toEqual({ type: 'manage_link', manage_link: link.id });
    // The same link now shows, and cancels, the new booking.
    expect((await anonymous.get(path)).body.booking.id).toBe(moved.body.id);
    expect((await anonymous.post(`${path}/cancel`, {})).body).toMatchObject({ id: moved.body.id, status: 'cancelled' });
  });

  it('refuses a link for a booking that is over, or an expiry in the past', async () => {
    const { api, booking } = await setup();
    expectError(await api.post(`/v1/bookings/${booking.id}/manage_links`, { expires_at: '2020-01-01T00:00:00Z' }), 400, 'parameter_invalid', 'expires_at');
    await api.post(`/v1/bookings/${booking.id}/cancel`);
    expectError(await api.post(`/v1/bookings/${booking.id}/manage_links`, {}), 409, 'invalid_state_transition');
    expectError(await api.post('/v1/bookings/bk_nope/manage_links', {}), 404, 'resource_missing');
    expectError(await api.post(`/v1/bookings/${booking.id}/manage_links/ml_nope/revoke`), 404, 'resource_missing');
  });
});
