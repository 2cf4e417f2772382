/**
 * Holidays and weighted assignment (API version 2027-02-15) as clients pinned before it see
 * them: the reason `holiday` read as `outside_schedule` wherever a conflict or an explanation
 * reaches them, and the version's request fields refused like any field they do not know.
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp, expectOk as ok } from '../support/harness.js';
import { bavarianAccount } from './holidays.helpers.js';
import { eventually } from '../support/receiver.js';
import { at, openResource } from './bookings.helpers.js';
import { createEndpoint, receivers, startWorkers } from './webhooks.helpers.js';

const t = await setupTestApp({ webhookRetryScheduleSeconds: [0, 1, 1], workerPollMs: 100, webhookTimeoutMs: 500 });
startWorkers(t);
const receiver = receivers();

/** The last version before holidays and weighted assignment. */
const OLD = '2027-02-01';
const tz = 'Europe/Berlin';
t.clock.set(Date.parse('2026-12-01T08:00:00Z'));

/** Epiphany, a Bavarian holiday, 10:00–11:00 in Berlin. */
const epiphany = { start: at('2027-01-06', '10:00', tz), end: at('2027-01-06', '11:00', tz) };

describe('holiday conflicts before 2027-02-15', () => {
  it('delivers the booking.conflicted of an account taking up holidays to an endpoint pinned before 2027-02-15 as outside_schedule, without the holiday', async () => {
    const rcv = await receiver();
    await createEndpoint(t.api, { url: `${rcv.url}/old`, enabled_events: ['booking.conflicted'], api_version: OLD });
    await createEndpoint(t.api, { url: `${rcv.url}/new`, enabled_events: ['booking.conflicted'] });
    const api = await t.newAccount({ timezone: tz });
    const r = await openResource(api, { timezone: tz });
    const booking = await ok(api.post('/v1/bookings', { segments: [{ resource: r.id, ...epiphany }] }));
    await ok(api.post(`/v1/accounts/${api.accountId}`, { holidays: { country: 'DE', subdivision: 'BY' } }));

    const [event] = (await ok(api.get('/v1/events', { type: 'booking.conflicted' }))).data;
    expect(event.data.object.id).toBe(booking.id);
    await eventually(() => rcv.forEvent(event.id).length === 2, { what: 'both deliveries' });
    const payload = (path: string) => JSON.parse(rcv.forEvent(event.id).find((q) => q.path.endsWith(path))!.body);
    expect(payload('/new').data.object.conflicts[0]).toMatchObject({ reason: 'holiday', holiday: { date: '2027-01-06', name: 'Heilige Drei Könige' } });
    const old = payload('/old');
    expect(old.api_version).toBe(OLD);
    expect(old.data.object.conflicts).toEqual([expect.objectContaining({ reason: 'outside_schedule', resource: r.id })]);
    expect(old.data.object.conflicts[0]).not.toHaveProperty('holiday');
  });

  it('shows a series occurrence skipped for a holiday as outside_schedule to a client pinned before 2027-02-15', async () => {
    const api = await bavarianAccount(t);
    const r = await openResource(api, { timezone: 'UTC' });
    const series = await ok(
      api.post('/v1/series', { rrule: 'FREQ=DAILY;COUNT=3', start_date: '2027-01-05', start_time: '10:00', template: { segments: [{ resource: r.id, duration_minutes: 60 }] }, horizon_days: 60 }),
    );
    const latest = await ok(api.get(`/v1/series/${series.id}/skipped_occurrences`));
    expect(latest.data.map((s: any) => [s.occurrence_key, s.conflicts[0].reason])).toEqual([['2027-01-06T10:00', 'holiday']]);
    const old = await ok(api.get(`/v1/series/${series.id}/skipped_occurrences`, undefined, { version: OLD }));
    expect(old.data.map((s: any) => [s.occurrence_key, s.conflicts.map((c: any) => c.reason)])).toEqual([['2027-01-06T10:00', ['outside_schedule']]]);
    expect(old.data[0].conflicts[0]).not.toHaveProperty('holiday');
  });

  it("leaves the holiday out of an old explanation's working days, as well as out of its reason", async () => {
    const api = await bavarianAccount(t);
    const r = await openResource(api, { timezone: tz });
    const body = { from: at('2027-01-06', '00:00', tz), to: at('2027-01-07', '00:00', tz), timezone: tz, start: epiphany.start, segments: [{ resource: r.id, duration_minutes: 60 }] };
    const [latest] = (await ok(api.post('/v1/availability/explain', body))).segments[0].candidates[0].reasons;
    expect(latest.working_days[0].holiday).toMatchObject({ date: '2027-01-06' });
    const [old] = (await ok(api.post('/v1/availability/explain', body, { version: OLD }))).segments[0].candidates[0].reasons;
    expect(old.reason).toBe('outside_schedule');
    expect(old).not.toHaveProperty('holiday');
    expect(old.working_days).toEqual([{ date: '2027-01-06', override: null, schedule: expect.any(String), intervals: [] }]);
  });

  it("maps each candidate's reason inside a no_candidate_available conflict for a client pinned before 2027-02-15", async () => {
    const api = await bavarianAccount(t);
    const a = await openResource(api, { timezone: tz });
    const b = await openResource(api, { timezone: tz });
    // Refused (reject, the default): no candidate is open that day.
    const body = { segments: [{ resources: [a.id, b.id], ...epiphany }] };
    const latest = await api.post('/v1/bookings', body);
    expect(latest.status).toBe(409);
    expect(latest.body.error.conflicts).toEqual([
      expect.objectContaining({
        reason: 'no_candidate_available',
        candidates: [
          { resource: a.id, reason: 'holiday' },
          { resource: b.id, reason: 'holiday' },
        ],
      }),
    ]);
    const old = await api.post('/v1/bookings', body, { version: OLD });
    expect(old.status).toBe(409);
    expect(old.body.error.conflicts).toEqual([
      expect.objectContaining({
        reason: 'no_candidate_available',
        candidates: [
          { resource: a.id, reason: 'outside_schedule' },
          { resource: b.id, reason: 'outside_schedule' },
        ],
      }),
    ]);
  });
});

describe('the request fields of 2027-02-15 before it', () => {
  /** Each request a client pinned before 2027-02-15 cannot make, with the error it gets. */
  async function refusals(account: string, resource: string, booking: string) {
    const segment = { resources: [resource], ...epiphany };
    const search = { from: epiphany.start, to: epiphany.end, segments: [{ resources: [resource], duration_minutes: 60 }] };
    const template = (extra: Record<string, unknown>) => ({ segments: [{ resources: [resource], duration_minutes: 60, ...extra }] });
    const series = { rrule: 'FREQ=DAILY;COUNT=2', start_date: '2027-01-11', start_time: '10:00' };
    const unknown = 'parameter_unknown';
    const invalid = 'parameter_invalid';
    return [
      ['POST', '/v1/accounts', { name: 'Old', holidays: { country: 'DE' } }, unknown, 'holidays'],
      ['POST', `/v1/accounts/${account}`, { holidays: null }, unknown, 'holidays'],
      ['POST', '/v1/resources', { name: 'Old', type: 'room', holidays: { country: 'DE' } }, unknown, 'holidays'],
      ['POST', '/v1/resources', { name: 'Old', type: 'room', assignment_weight: 2 }, unknown, 'assignment_weight'],
      ['POST', `/v1/resources/${resource}`, { assignment_priority: 1 }, unknown, 'assignment_priority'],
      ['POST', `/v1/resources/${resource}`, { holidays: 'account' }, unknown, 'holidays'],
      ['POST', '/v1/bookings', { segments: [{ ...segment, candidate_order: 'weighted' }] }, invalid, 'segments[0].candidate_order'],
      ['POST', '/v1/bookings', { segments: [{ ...segment, candidate_order: 'balanced', fairness_period: 'day' }] }, unknown, 'segments[0].fairness_period'],
      ['POST', `/v1/bookings/${booking}/reschedule`, { segments: [{ ...segment, candidate_order: 'weighted' }] }, invalid, 'segments[0].candidate_order'],
      ['POST', '/v1/bookings/import', { bookings: [{ segments: [{ ...segment, fairness_period: 'week' }] }] }, unknown, 'bookings[0].segments[0].fairness_period'],
      ['POST', '/v1/availability', { ...search, segments: [{ ...search.segments[0], candidate_order: 'weighted' }] }, invalid, 'segments[0].candidate_order'],
      ['POST', '/v1/availability/explain', { ...search, start: epiphany.start, segments: [{ ...search.segments[0], fairness_period: 'month' }] }, unknown, 'segments[0].fairness_period'],
      ['POST', '/v1/series', { ...series, template: template({ candidate_order: 'weighted' }) }, invalid, 'template.segments[0].candidate_order'],
    ] as const;
  }

  it('refuses holidays, assignment_weight, assignment_priority, fairness_period and candidate_order weighted from a client pinned before 2027-02-15, naming the field, and writes nothing', async () => {
    const api = await t.newAccount({ timezone: tz });
    const r = await openResource(api, { timezone: tz });
    const booking = await ok(api.post('/v1/bookings', { segments: [{ resource: r.id, start: at('2027-01-04', '10:00', tz), end: at('2027-01-04', '11:00', tz) }] }));
    const accountsBefore = (await ok(t.api.get('/v1/accounts', { limit: 100 }))).data.length;
    for (const [method, path, body, code, param] of await refusals(api.accountId, r.id, booking.id)) {
      const client = path === '/v1/accounts' ? t.api : api;
      const res = await client.request(method, path, body, { version: OLD });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error, path).toMatchObject({ code, param });
      expect(res.body.error.message, path).toContain('2027-02-15');
    }
    expect((await ok(t.api.get('/v1/accounts', { limit: 100 }))).data.length).toBe(accountsBefore);
    expect((await ok(api.get('/v1/resources'))).data.map((x: any) => x.id)).toEqual([r.id]);
    expect(await ok(api.get(`/v1/resources/${r.id}`))).toMatchObject({ holidays: 'account', assignment_weight: 1, assignment_priority: 0 });
    expect((await ok(api.get('/v1/bookings'))).data.map((x: any) => x.id)).toEqual([booking.id]);
    expect((await ok(api.get('/v1/series'))).data).toEqual([]);
  });

  it('takes what older versions already had from them, and the new fields from 2027-02-15 on', async () => {
    const api = await t.newAccount({ timezone: tz });
    const r = await openResource(api, { timezone: tz });
    const segment = { resources: [r.id], start: at('2027-01-04', '10:00', tz), end: at('2027-01-04', '11:00', tz) };
    await ok(api.post('/v1/bookings', { segments: [{ ...segment, candidate_order: 'balanced' }] }, { version: OLD }));
    await ok(api.post(`/v1/resources/${r.id}`, { name: 'Renamed' }, { version: OLD }));
    expect(await ok(api.post(`/v1/resources/${r.id}`, { assignment_weight: 2, holidays: null }, { version: '2027-02-15' }))).toMatchObject({ assignment_weight: 2, holidays: null });
    const next = { ...segment, start: at('2027-01-04', '11:00', tz), end: at('2027-01-04', '12:00', tz), candidate_order: 'weighted', fairness_period: 'day' };
    await ok(api.post('/v1/bookings', { segments: [next] }, { version: '2027-02-15' }));
  });
});
