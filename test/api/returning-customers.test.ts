import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { expectError, setupTestApp, type Client, expectOk as ok } from '../support/harness.js';
import { openResource } from './bookings.helpers.js';

const t = await setupTestApp();
t.clock.set(Date.parse('2027-04-05T08:00:00Z'));

/** A UTC resource open all day, every day, taking one booking at a time. */
const stylist = (api: Client, body: Record<string, unknown> = {}) =>
  openResource(api, { timezone: 'UTC', capacity: 1, type: 'stylist', ...body }, [{ start: '00:00', end: '24:00' }]);

const hour = (day: string, h: number) => `${day}T${String(h).padStart(2, '0')}:00:00Z`;
const plusHour = (start: string) => new Date(Date.parse(start) + 3_600_000).toISOString().replace('.000Z', 'Z');

/** A past booking of the customer, imported in `status` (completed by default) on `resource`. */
async function history(api: Client, customer: string, resource: string, start: string, status = 'completed') {
  const [item] = (await ok(api.post('/v1/bookings/import', { bookings: [{ segments: [{ resource, start, end: plusHour(start) }], status, customer: { reference: customer } }] }))).data;
  return item as { id: string };
}

/** The candidate search offers at `start` for the customer, then the one a booking made there gets. */
async function offeredThenBooked(api: Client, candidates: string[], start: string, customer: string, extra: Record<string, unknown> = {}) {
  const end = plusHour(start);
  const search = await ok(
    api.post('/v1/availability', {
      from: start,
      to: end,
      timezone: 'UTC',
      segments: [{ resources: candidates, duration_minutes: 60, ...extra }],
      prefer_previous_resource: true,
      customer_reference: customer,
    }),
  );
  const offered = search.slots[0]?.segments[0].resource ?? null;
  const booking = await ok(
    api.post('/v1/bookings', { segments: [{ resources: candidates, start, end, ...extra }], customer: { reference: customer }, prefer_previous_resource: true }),
  );
  return { offered, booked: booking.segments[0].resource as string, booking };
}

async function explain(api: Client, candidates: string[], start: string, customer: string, extra: Record<string, unknown> = {}) {
  return ok(
    api.post('/v1/availability/explain', {
      from: start,
      to: plusHour(start),
      start,
      timezone: 'UTC',
      segments: [{ resources: candidates, duration_minutes: 60, ...extra }],
      prefer_previous_resource: true,
      customer_reference: customer,
    }),
  );
}

describe('prefer_previous_resource', () => {
  it('gives a returning customer the resource of their latest completed booking when it is free, before the listed order', async () => {
    const api = await t.newAccount();
    const anna = await stylist(api);
    const ben = await stylist(api);
    const last = await history(api, 'cus_1', ben.id, hour('2027-03-29', 10));
    const why = await explain(api, [anna.id, ben.id], hour('2027-04-06', 10), 'cus_1');
    expect(why.segments[0].resource).toBe(ben.id);
    expect(why.segments[0].candidates.map((c: any) => c.resource)).toEqual([ben.id, anna.id]);
    expect(why.segments[0].previous_resource).toMatchObject({ outcome: 'preferred', resource: ben.id, booking: last.id });
    expect(why.segments[0].previous_resource.message).toContain(ben.id);

    const { offered, booked, booking } = await offeredThenBooked(api, [anna.id, ben.id], hour('2027-04-06', 10), 'cus_1');
    expect(offered).toBe(ben.id);
    expect(booked).toBe(ben.id);
    // That booking is now the customer's latest.
    const next = await explain(api, [anna.id, ben.id], hour('2027-04-06', 11), 'cus_1');
    expect(next.segments[0].previous_resource).toMatchObject({ outcome: 'preferred', resource: ben.id, booking: booking.id });

    // Without the flag, the order decides as before.
    const plain = await ok(api.post('/v1/bookings', { segments: [{ resources: [anna.id, ben.id], start: hour('2027-04-06', 12), end: hour('2027-04-06', 13) }], customer: { reference: 'cus_1' } }));
    expect(plain.segments[0].resource).toBe(anna.id);
    const plainWhy = await ok(api.post('/v1/availability/explain', { from: hour('2027-04-06', 14), to: hour('2027-04-06', 15), start: hour('2027-04-06', 14), segments: [{ resources: [anna.id, ben.id], duration_minutes: 60 }] }));
    expect(plainWhy.segments[0].previous_resource).toBeNull();
  });

  it('wins before weights and priorities, and before balanced', async () => {
    const api = await t.newAccount();
    const senior = await stylist(api, { assignment_priority: 5 });
    const heavy = await stylist(api, { assignment_weight: 100 });
    await history(api, 'cus_w', senior.id, hour('2027-03-30', 9));
    const weighted = await offeredThenBooked(api, [heavy.id, senior.id], hour('2027-04-07', 10), 'cus_w', { candidate_order: 'weighted' });
    expect(weighted).toMatchObject({ offered: senior.id, booked: senior.id });
    // senior now holds the booking just made (confirmed, the latest): balanced would pick heavy, the customer keeps senior.
    const balanced = await offeredThenBooked(api, [heavy.id, senior.id], hour('2027-04-07', 12), 'cus_w', { candidate_order: 'balanced' });
    expect(balanced).toMatchObject({ offered: senior.id, booked: senior.id });
  });

  it('gives the customer another candidate, by the order, when the previous resource is busy; explain says why it was not used', async () => {
    const api = await t.newAccount();
    const anna = await stylist(api);
    const ben = await stylist(api);
    const carl = await stylist(api);
    await history(api, 'cus_2', ben.id, hour('2027-03-29', 10));
    const start = hour('2027-04-08', 10);
    // Someone else takes Ben at that hour.
    await ok(api.post('/v1/bookings', { segments: [{ resource: ben.id, start, end: plusHour(start) }] }));
    const why = await explain(api, [carl.id, ben.id, anna.id], start, 'cus_2');
    expect(why.segments[0].previous_resource).toMatchObject({ outcome: 'unavailable', resource: ben.id });
    expect(why.segments[0].candidates[0]).toMatchObject({ resource: ben.id, fits: false });
    expect(why.segments[0].candidates[0].reasons[0].reason).toBe('capacity_exceeded');
    expect(why.segments[0].resource).toBe(carl.id);
    const { offered, booked } = await offeredThenBooked(api, [carl.id, ben.id, anna.id], start, 'cus_2');
    expect(offered).toBe(carl.id);
    expect(booked).toBe(carl.id);
  });

  it('falls back to the candidate order for a customer with no history (and one whose history is elsewhere)', async () => {
    const api = await t.newAccount();
    const anna = await stylist(api);
    const ben = await stylist(api);
    const room = await stylist(api, { type: 'room' });
    const fresh = await offeredThenBooked(api, [anna.id, ben.id], hour('2027-04-09', 10), 'cus_new');
    expect(fresh).toMatchObject({ offered: anna.id, booked: anna.id });
    const none = await explain(api, [anna.id, ben.id], hour('2027-04-09', 11), 'cus_nobody');
    expect(none.segments[0].previous_resource).toMatchObject({ outcome: 'no_history', resource: null, booking: null });
    expect(none.segments[0].resource).toBe(anna.id);

    const roomOnly = await history(api, 'cus_room', room.id, hour('2027-03-29', 10));
    const elsewhere = await explain(api, [ben.id, anna.id], hour('2027-04-09', 12), 'cus_room');
    expect(elsewhere.segments[0].previous_resource).toMatchObject({ outcome: 'not_a_candidate', resource: null, booking: roomOnly.id });
    expect(elsewhere.segments[0].resource).toBe(ben.id);
  });

  it('counts only completed and confirmed bookings: cancelled, pending, no-show and expired ones do not', async () => {
    const api = await t.newAccount();
    const anna = await stylist(api);
    const ben = await stylist(api);
    const carl = await stylist(api);
    const kept = await history(api, 'cus_3', anna.id, hour('2027-03-20', 10));
    // Later bookings on Ben, none of which counts.
    await history(api, 'cus_3', ben.id, hour('2027-03-27', 10), 'cancelled');
    await history(api, 'cus_3', ben.id, hour('2027-03-28', 10), 'no_show');
    await history(api, 'cus_3', ben.id, hour('2027-03-29', 10), 'expired');
    const cancelled = await ok(api.post('/v1/bookings', { segments: [{ resource: ben.id, start: hour('2027-04-20', 10), end: hour('2027-04-20', 11) }], customer: { reference: 'cus_3' } }));
    await ok(api.post(`/v1/bookings/${cancelled.id}/cancel`, {}));
    await ok(api.post('/v1/bookings', { status: 'pending', segments: [{ resource: ben.id, start: hour('2027-04-21', 10), end: hour('2027-04-21', 11) }], customer: { reference: 'cus_3' } }));

    const why = await explain(api, [carl.id, ben.id, anna.id], hour('2027-04-10', 10), 'cus_3');
    expect(why.segments[0].previous_resource).toMatchObject({ outcome: 'preferred', resource: anna.id, booking: kept.id });
    const { offered, booked } = await offeredThenBooked(api, [carl.id, ben.id, anna.id], hour('2027-04-10', 10), 'cus_3');
    expect(offered).toBe(anna.id);
    expect(booked).toBe(anna.id);

    // A confirmed booking later than the completed one is the latest: the customer follows it.
    const confirmed = await ok(api.post('/v1/bookings', { segments: [{ resource: carl.id, start: hour('2027-04-25', 10), end: hour('2027-04-25', 11) }], customer: { reference: 'cus_3' } }));
    const after = await explain(api, [ben.id, anna.id, carl.id], hour('2027-04-11', 10), 'cus_3');
    expect(after.segments[0].previous_resource).toMatchObject({ outcome: 'preferred', resource: carl.id, booking: confirmed.id });
  });

  it('agrees between search and booking at every start of a day, whether the previous resource is free or busy', async () => {
    const api = await t.newAccount();
    const anna = await stylist(api);
    const ben = await stylist(api);
    const carl = await stylist(api);
    const day = '2027-04-12';
    // Carl is busy every third hour.
    for (const h of [9, 12, 15]) await ok(api.post('/v1/bookings', { segments: [{ resource: carl.id, start: hour(day, h), end: hour(day, h + 1) }] }));
    for (let h = 8; h < 17; h++) {
      // A customer per hour, each of whom had Carl last time.
      await history(api, `cus_4_${h}`, carl.id, hour('2027-03-29', h));
      const { offered, booked } = await offeredThenBooked(api, [anna.id, ben.id, carl.id], hour(day, h), `cus_4_${h}`, { candidate_order: 'balanced' });
      expect(booked, `at ${h}:00`).toBe(offered);
      if (![9, 12, 15].includes(h)) expect(booked, `at ${h}:00`).toBe(carl.id);
      else expect(booked, `at ${h}:00`).not.toBe(carl.id);
    }
  });

  it('keeps each segment of a two-part booking with the resource it had (the first of the previous resources among its candidates)', async () => {
    const api = await t.newAccount();
    const anna = await stylist(api);
    const ben = await stylist(api);
    const room1 = await stylist(api, { type: 'room' });
    const room2 = await stylist(api, { type: 'room' });
    const last = await ok(
      api.post('/v1/bookings/import', {
        bookings: [
          {
            status: 'completed',
            customer: { reference: 'cus_5' },
            segments: [
              { resource: ben.id, start: hour('2027-03-29', 10), end: hour('2027-03-29', 11) },
              { resource: room2.id, start: hour('2027-03-29', 11), end: hour('2027-03-29', 12) },
            ],
          },
        ],
      }),
    );
    expect(last.data).toHaveLength(1);
    const start = hour('2027-04-13', 10);
    const search = await ok(
      api.post('/v1/availability', {
        from: start,
        to: hour('2027-04-13', 12),
        timezone: 'UTC',
        segments: [
          { resources: [anna.id, ben.id], duration_minutes: 60 },
          { type: 'room', duration_minutes: 60 },
        ],
        prefer_previous_resource: true,
        customer_reference: 'cus_5',
        limit: 1,
      }),
    );
    expect(search.slots[0].segments.map((s: any) => s.resource)).toEqual([ben.id, room2.id]);
    const booking = await ok(
      api.post('/v1/bookings', {
        segments: [
          { resources: [anna.id, ben.id], start, end: plusHour(start) },
          { resources: [room1.id, room2.id], start: plusHour(start), end: hour('2027-04-13', 12) },
        ],
        customer: { reference: 'cus_5' },
        prefer_previous_resource: true,
      }),
    );
    expect(booking.segments.map((s: any) => s.resource)).toEqual([ben.id, room2.id]);
  });

  it('chooses by the order, not the previous resource, when nothing fits and the policy books anyway', async () => {
    const api = await t.newAccount();
    const anna = await stylist(api);
    const ben = await stylist(api);
    await history(api, 'cus_6', ben.id, hour('2027-03-29', 10));
    const start = hour('2027-04-14', 10);
    for (const r of [anna, ben]) await ok(api.post('/v1/bookings', { segments: [{ resource: r.id, start, end: plusHour(start) }] }));
    const allowed = await ok(
      api.post('/v1/bookings', {
        segments: [{ resources: [anna.id, ben.id], start, end: plusHour(start) }],
        conflict_policy: 'allow',
        customer: { reference: 'cus_6' },
        prefer_previous_resource: true,
      }),
    );
    expect(allowed.segments[0].resource).toBe(anna.id);
    expect(allowed.conflicted).toBe(true);
  });

  it('keeps a rescheduled booking with its customer\'s previous resource, and refuses one without a customer', async () => {
    const api = await t.newAccount();
    const anna = await stylist(api);
    const ben = await stylist(api);
    const theirs = await ok(api.post('/v1/bookings', { segments: [{ resource: ben.id, start: hour('2027-04-15', 10), end: hour('2027-04-15', 11) }], customer: { reference: 'cus_7' } }));
    const moved = await ok(
      api.post(`/v1/bookings/${theirs.id}/reschedule`, { segments: [{ resources: [anna.id, ben.id], start: hour('2027-04-16', 10), end: hour('2027-04-16', 11) }], prefer_previous_resource: true }),
    );
    expect(moved.segments[0].resource).toBe(ben.id);
    const anon = await ok(api.post('/v1/bookings', { segments: [{ resource: ben.id, start: hour('2027-04-15', 12), end: hour('2027-04-15', 13) }] }));
    expectError(
      await api.post(`/v1/bookings/${anon.id}/reschedule`, { segments: [{ resources: [anna.id, ben.id], start: hour('2027-04-16', 12), end: hour('2027-04-16', 13) }], prefer_previous_resource: true }),
      400,
      'parameter_invalid',
      'prefer_previous_resource',
    );
    // With replaces, the customer given names whose previous resource it is.
    await history(api, 'cus_8', anna.id, hour('2027-03-29', 10));
    const replaced = await ok(
      api.post('/v1/bookings', {
        replaces: anon.id,
        segments: [{ resources: [ben.id, anna.id], start: hour('2027-04-17', 12), end: hour('2027-04-17', 13) }],
        customer: { reference: 'cus_8' },
        prefer_previous_resource: true,
      }),
    );
    expect(replaced.segments[0].resource).toBe(anna.id);
  });

  it('needs the customer: customer.reference on a booking, customer_reference on a search, each named in a 400', async () => {
    const api = await t.newAccount();
    const anna = await stylist(api);
    const start = hour('2027-04-18', 10);
    expectError(await api.post('/v1/bookings', { segments: [{ resources: [anna.id], start, end: plusHour(start) }], prefer_previous_resource: true }), 400, 'parameter_missing', 'customer.reference');
    expectError(
      await api.post('/v1/bookings', { segments: [{ resources: [anna.id], start, end: plusHour(start) }], customer: null, prefer_previous_resource: true }),
      400,
      'parameter_missing',
      'customer.reference',
    );
    const search = { from: start, to: plusHour(start), segments: [{ resources: [anna.id], duration_minutes: 60 }] };
    expectError(await api.post('/v1/availability', { ...search, prefer_previous_resource: true }), 400, 'parameter_missing', 'customer_reference');
    expectError(await api.post('/v1/availability/explain', { ...search, start, prefer_previous_resource: true }), 400, 'parameter_missing', 'customer_reference');
    expectError(await api.post('/v1/availability', { ...search, prefer_previous_resource: true, customer_reference: ' ' }), 400, 'parameter_invalid', 'customer_reference');
    expectError(await api.post('/v1/availability', { ...search, prefer_previous_resource: 'yes' }), 400, 'parameter_invalid', 'prefer_previous_resource');
    // false asks for nothing.
    expect((await ok(api.post('/v1/availability', { ...search, prefer_previous_resource: false }))).slots).toHaveLength(1);
  });

  it('is refused to clients pinned before 2027-04-01 as an unknown parameter, and their explain has no previous_resource', async () => {
    const api = await t.newAccount();
    const anna = await stylist(api);
    const start = hour('2027-04-19', 10);
    const OLD = '2027-03-01';
    const search = { from: start, to: plusHour(start), segments: [{ resources: [anna.id], duration_minutes: 60 }] };
    expectError(await api.post('/v1/availability', { ...search, prefer_previous_resource: true, customer_reference: 'c' }, { version: OLD }), 400, 'parameter_unknown', 'prefer_previous_resource');
    expectError(await api.post('/v1/availability', { ...search, customer_reference: 'c' }, { version: OLD }), 400, 'parameter_unknown', 'customer_reference');
    expectError(await api.post('/v1/availability/explain', { ...search, start, prefer_previous_resource: true, customer_reference: 'c' }, { version: OLD }), 400, 'parameter_unknown', 'prefer_previous_resource');
    expectError(
      await api.post('/v1/bookings', { segments: [{ resource: anna.id, start, end: plusHour(start) }], customer: { reference: 'c' }, prefer_previous_resource: true }, { version: OLD }),
      400,
      'parameter_unknown',
      'prefer_previous_resource',
    );
    const oldWhy = await ok(api.post('/v1/availability/explain', { ...search, start }, { version: OLD }));
    expect(oldWhy.segments[0]).not.toHaveProperty('previous_resource');
    const newWhy = await ok(api.post('/v1/availability/explain', { ...search, start }));
    expect(newWhy.segments[0].previous_resource).toBeNull();
  });

  it('reads the customer\'s latest booking through one index entry, scoped by account (bookings_customer_latest)', async () => {
    const api = await t.newAccount();
    const anna = await stylist(api);
    await history(api, 'cus_9', anna.id, hour('2027-03-29', 10));
    const plan = await t.db.kysely.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const rows = await sql<Record<string, string>>`
        explain select b.id from bookings b
         where b.account_id = ${api.accountId} and b.customer_reference = ${'cus_9'}
           and b.customer_reference is not null and b.status in ('confirmed', 'completed')
         order by b.start_at desc, b.id desc limit 1`.execute(trx);
      return rows.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('bookings_customer_latest');
    expect(plan).not.toContain('Sort');
  });
});
