/**
 * A deposit payment racing the hold's expiry (docs/policies.md#deposits): whatever the order,
 * the slot is never both confirmed for the paying customer and given to someone else. On
 * PostgreSQL the three requests really run at once; on PGlite they interleave by transaction.
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp, type Client } from '../support/harness.js';
import { book, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const MIN = 60_000;
const DAY = '2031-05-14';
const START = Date.parse(`${DAY}T10:00:00Z`);
const ROUNDS = 12;

type Api = Client & { accountId: string };

async function setup() {
  t.clock.set(new Date(START - 7 * 24 * 60 * MIN).toISOString());
  const api = await t.newAccount();
  await api.post(`/v1/accounts/${api.accountId}`, { booking_policy: { deposit: { amount: 2000, currency: 'EUR', hold_minutes: 30 } } });
  return api;
}

/** A room with one customer's booking waiting for its deposit, at 10:00 on DAY. */
async function heldRoom(api: Api) {
  const room = await openResource(api);
  const held = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')], requested: true });
  expect(held.status).toBe('pending');
  return { room, held };
}

let reference = 0;
const payFor = (api: Api, id: string) => api.post(`/v1/bookings/${id}/payments`, { amount: 2000, currency: 'EUR', provider: 'stripe', reference: `pi_race_${++reference}` });
const takeSlot = (api: Api, room: string) => api.post('/v1/bookings', { segments: [seg(room, DAY, '10:00', '11:00')] });

/** The invariant: one holder of the slot at most, and the held booking's end state agrees with the payment's answer. */
async function expectOneHolder(api: Api, room: string, heldId: string, payment: { status: number; body: any }, taker: { status: number; body: any }) {
  await t.runWorker('booking-expiry');
  const held = (await api.get(`/v1/bookings/${heldId}`)).body;
  const holders = (await api.get('/v1/bookings', { resource: room, limit: 10 })).body.data.filter((b: any) => b.status === 'confirmed' || b.status === 'pending');
  expect(holders.length).toBeLessThanOrEqual(1);
  if (payment.status === 200) {
    expect(held.status).toBe('confirmed');
    expect(taker.status).toBe(409);
    expect(taker.body.error.code).toBe('booking_conflict');
  } else {
    expect(payment.status).toBe(409);
    expect(payment.body.error.code).toBe('invalid_state_transition');
    expect(held).toMatchObject({ status: 'expired', payments: [] });
  }
}

describe('a deposit payment racing the expiry of its hold', () => {
  it('before the hold ends, the payment wins: the booking is confirmed and the slot is not given away', async () => {
    const api = await setup();
    for (let i = 0; i < ROUNDS; i++) {
      const { room, held } = await heldRoom(api);
      t.clock.set(new Date(Date.parse(held.expires_at) - 1).toISOString());
      const [payment, taker] = await Promise.all([payFor(api, held.id), takeSlot(api, room.id), t.runWorker('booking-expiry')]);
      expect(payment.status, JSON.stringify(payment.body)).toBe(200);
      await expectOneHolder(api, room.id, held.id, payment, taker);
    }
  });

  it('at the end of the hold, the payment is refused with 409 and the booking stays expired, while the worker and another booking race it', async () => {
    const api = await setup();
    for (let i = 0; i < ROUNDS; i++) {
      const { room, held } = await heldRoom(api);
      t.clock.set(held.expires_at);
      const [payment, taker] = await Promise.all([payFor(api, held.id), takeSlot(api, room.id), t.runWorker('booking-expiry')]);
      expect(payment.status, JSON.stringify(payment.body)).toBe(409);
      expect(taker.status, JSON.stringify(taker.body)).toBe(200);
      await expectOneHolder(api, room.id, held.id, payment, taker);
    }
  });

  it('with the hold ending while the payment is in flight, never both a confirmed payment and the slot taken', async () => {
    const api = await setup();
    const outcomes = new Set<number>();
    for (let i = 0; i < ROUNDS; i++) {
      const { room, held } = await heldRoom(api);
      t.clock.set(new Date(Date.parse(held.expires_at) - 1).toISOString());
      const paying = payFor(api, held.id);
      // The hold ends after the payment has started, at a different moment each round.
      await new Promise((resolve) => setTimeout(resolve, i % 4));
      t.clock.set(held.expires_at);
      const [payment, taker] = await Promise.all([paying, takeSlot(api, room.id), t.runWorker('booking-expiry')]);
      outcomes.add(payment.status);
      await expectOneHolder(api, room.id, held.id, payment, taker);
    }
    expect([...outcomes].every((s) => s === 200 || s === 409)).toBe(true);
  });
});

describe('one payment sent many times at once', () => {
  it('on one booking: every answer is the same payment, recorded once', async () => {
    const api = await setup();
    const { held } = await heldRoom(api);
    const body = { amount: 500, currency: 'EUR', provider: 'stripe', reference: 'pi_burst' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => api.post(`/v1/bookings/${held.id}/payments`, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect((await api.get(`/v1/bookings/${held.id}`)).body).toMatchObject({ amount_paid: 500, payment_status: 'partially_paid' });
  });

  it('on two bookings: one records it, the other is refused', async () => {
    const api = await setup();
    for (let i = 0; i < ROUNDS / 2; i++) {
      const [a, b] = [await heldRoom(api), await heldRoom(api)];
      const body = { amount: 2000, currency: 'EUR', provider: 'stripe', reference: `pi_split_${i}` };
      const answers = await Promise.all([a, b].map(({ held }) => api.post(`/v1/bookings/${held.id}/payments`, body)));
      expect(answers.map((x) => x.status).sort()).toEqual([200, 400]);
      expect(answers.find((x) => x.status === 400)!.body.error).toMatchObject({ code: 'idempotency_key_reused', param: 'reference' });
    }
  });
});
