import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupTestApp, expectError, type Client } from '../support/harness.js';
import { openResource, pinClock, segment, seriesBody } from './series.helpers.js';

const t = await setupTestApp();
let api: Client;
let room: { id: string };
beforeAll(async () => {
  pinClock(t);
  api = await t.newAccount();
  room = await openResource(api, { capacity: 10 }, [{ start: '00:00', end: '24:00' }]);
});
beforeEach(() => pinClock(t));

const create = (extra: Record<string, unknown>) => api.post('/v1/series', seriesBody(room.id, { horizon_days: 1, ...extra }));
const withSegment = (extra: Record<string, unknown>) => create({ template: { segments: [segment(room.id, extra)] } });

describe('series input is checked with clear errors', () => {
  it.each([
    ['a missing FREQ', 'INTERVAL=2', /FREQ is missing/],
    ['a DTSTART inside the rule', 'DTSTART:20270104T100000Z\nRRULE:FREQ=DAILY', /DTSTART/],
    ['BYHOUR', 'FREQ=DAILY;BYHOUR=9', /BYHOUR/],
    ['BYMINUTE', 'FREQ=DAILY;BYMINUTE=15', /BYMINUTE/],
    ['BYSECOND', 'FREQ=DAILY;BYSECOND=0', /BYSECOND/],
    ['an unknown part', 'FREQ=DAILY;FOO=1', /Unknown rule part 'FOO'/],
    ['a COUNT of 0', 'FREQ=DAILY;COUNT=0', /COUNT=0/],
    ['an unsupported FREQ', 'FREQ=HOURLY', /FREQ=HOURLY/],
    ['COUNT with UNTIL', 'FREQ=DAILY;COUNT=2;UNTIL=20270301T000000Z', /COUNT and UNTIL/],
    ['a rule that never occurs', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', /no occurrence/],
    ['a 53rd weekday of the year', 'FREQ=YEARLY;BYDAY=-53MO', /-53MO is not supported/],
  ])('refuses %s: 400 parameter_invalid on rrule, naming the part', async (_name, rrule, message) => {
    const err = expectError(await create({ rrule }), 400, 'parameter_invalid', 'rrule');
    expect(err.message).toMatch(message);
  });

  it('requires rrule, start_date, start_time and template', async () => {
    for (const field of ['rrule', 'start_date', 'start_time', 'template']) {
      const body: Record<string, unknown> = seriesBody(room.id);
      delete body[field];
      expectError(await api.post('/v1/series', body), 400, 'parameter_missing', field);
    }
  });

  it('checks dates, times and zones', async () => {
    expectError(await create({ start_date: '2027-02-30' }), 400, 'parameter_invalid', 'start_date');
    expectError(await create({ start_time: '24:00' }), 400, 'parameter_invalid', 'start_time');
    expectError(await create({ start_time: '9:00' }), 400, 'parameter_invalid', 'start_time');
    expectError(await create({ timezone: 'Mars/Olympus' }), 400, 'parameter_invalid', 'timezone');
    expect((await create({ start_time: '23:59', timezone: 'Asia/Kathmandu' })).status).toBe(200);
  });

  it('takes horizon_days 1 to 730, and refuses 0 and 731', async () => {
    expect((await create({ horizon_days: 1 })).status).toBe(200);
    expect((await create({ horizon_days: 730, rrule: 'FREQ=YEARLY' })).status).toBe(200);
    expectError(await create({ horizon_days: 0 }), 400, 'parameter_invalid', 'horizon_days');
    expectError(await create({ horizon_days: 731 }), 400, 'parameter_invalid', 'horizon_days');
  });

  it('takes durations 1 to 10080 minutes, and refuses 0 and 10081', async () => {
    expect((await withSegment({ duration_minutes: 1 })).status).toBe(200);
    expect((await create({ rrule: 'FREQ=WEEKLY;COUNT=1', template: { segments: [segment(room.id, { duration_minutes: 10080 })] } })).status).toBe(200);
    expectError(await withSegment({ duration_minutes: 0 }), 400, 'parameter_invalid', 'template.segments[0].duration_minutes');
    expectError(await withSegment({ duration_minutes: 10081 }), 400, 'parameter_invalid', 'template.segments[0].duration_minutes');
  });

  it('takes 1 to 20 segments, and refuses 0 and 21', async () => {
    const many = (n: number) => ({ template: { segments: Array.from({ length: n }, () => segment(room.id, { duration_minutes: 5 })) } });
    expect((await create(many(1))).status).toBe(200);
    expect((await create(many(20))).status).toBe(200);
    expectError(await create(many(0)), 400, 'parameter_invalid', 'template.segments');
    expectError(await create(many(21)), 400, 'parameter_invalid', 'template.segments');
  });

  it('takes seats 1 to 10000 or null, and refuses 0 and 10001', async () => {
    const seats = (n: number | null) => create({ template: { segments: [segment(room.id)], seats: n } });
    expect((await seats(1)).status).toBe(200);
    expect((await seats(10000)).status).toBe(200);
    expect((await seats(null)).status).toBe(200);
    expectError(await seats(0), 400, 'parameter_invalid', 'template.seats');
    expectError(await seats(10001), 400, 'parameter_invalid', 'template.seats');
  });

  it('checks offsets, buffers and quantities at their bounds', async () => {
    expect((await withSegment({ offset_minutes: 0, buffer_before_minutes: 1440, buffer_after_minutes: 0 })).status).toBe(200);
    expect((await withSegment({ offset_minutes: 10080 })).status).toBe(200);
    expectError(await withSegment({ offset_minutes: -1 }), 400, 'parameter_invalid', 'template.segments[0].offset_minutes');
    expectError(await withSegment({ offset_minutes: 10081 }), 400, 'parameter_invalid', 'template.segments[0].offset_minutes');
    expectError(await withSegment({ buffer_before_minutes: 1441 }), 400, 'parameter_invalid', 'template.segments[0].buffer_before_minutes');
    expectError(await withSegment({ quantity: 0 }), 400, 'parameter_invalid', 'template.segments[0].quantity');
  });

  it('needs exactly one of resource and resources, and names unknown resources and locations', async () => {
    expectError(await withSegment({ resources: [room.id] }), 400, 'parameters_exclusive', 'template.segments[0].resources');
    expectError(await create({ template: { segments: [{ duration_minutes: 30 }] } }), 400, 'parameter_missing', 'template.segments[0].resource');
    expectError(await create({ template: { segments: [segment('res_nope')] } }), 404, 'resource_missing', 'template.segments[0].resource');
    expectError(
      await create({ template: { segments: [segment(room.id), { resources: [room.id, 'res_nope'], duration_minutes: 5 }] } }),
      404,
      'resource_missing',
      'template.segments[1].resources[1]',
    );
    expectError(await withSegment({ location: 'loc_nope' }), 404, 'resource_missing', 'template.segments[0].location');
  });

  it('refuses unknown parameters and a bad conflict_policy', async () => {
    expectError(await create({ colour: 'red' }), 400, 'parameter_unknown', 'colour');
    expectError(await withSegment({ start: '2027-01-04T10:00:00Z' }), 400, 'parameter_unknown', 'template.segments[0].start');
    expectError(await create({ conflict_policy: 'maybe' }), 400, 'parameter_invalid', 'conflict_policy');
  });

  it('leaves nothing behind when a request is refused', async () => {
    const before = (await api.get('/v1/series', { limit: 100 })).body.data.length;
    await create({ template: { segments: [segment(room.id), segment('res_nope')] } });
    expect((await api.get('/v1/series', { limit: 100 })).body.data.length).toBe(before);
  });

  it('checks update, split and cancel bodies', async () => {
    const series = (await create({})).body;
    expectError(await api.post(`/v1/series/${series.id}`, { rrule: 'FREQ=DAILY;BYHOUR=3' }), 400, 'parameter_invalid', 'rrule');
    expectError(await api.post(`/v1/series/${series.id}`, { horizon_days: 731 }), 400, 'parameter_invalid', 'horizon_days');
    expectError(await api.post(`/v1/series/${series.id}`, { from: '2027-02-01T00:00:00Z' }), 400, 'parameter_invalid', 'from');
    expectError(await api.post(`/v1/series/${series.id}`, { start_time: '10:00', on_conflict: 'retry' }), 400, 'parameter_invalid', 'on_conflict');
    expectError(await api.post(`/v1/series/${series.id}`, { start_time: '10:00', from: 'soon' }), 400, 'parameter_invalid', 'from');
    expectError(await api.post(`/v1/series/${series.id}/split`, {}), 400, 'parameter_missing', 'at');
    expectError(await api.post(`/v1/series/${series.id}/split`, { at: '2027-01-01T00:00:00Z' }), 400, 'parameter_invalid', 'at');
    expectError(await api.post(`/v1/series/${series.id}/cancel`, { from: 'tomorrow' }), 400, 'parameter_invalid', 'from');
  });
});
