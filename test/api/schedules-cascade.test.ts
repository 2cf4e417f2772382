import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { create, createResource } from './availability-support.js';

const t = await setupTestApp();

describe('deleting a resource', () => {
  it("removes its schedules, overrides and blocks and writes each one's .deleted event, leaving location and account blocks", async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const keep = await createResource(api);
    const loc = await create(api, '/v1/locations', { name: 'Hall' });
    const s = await create(api, '/v1/schedules', { resource: r.id, effective_from: '2027-01-04', weeks: [{}] });
    const o = await create(api, '/v1/schedule_overrides', { resource: r.id, date: '2027-01-05', intervals: [] });
    const b = await create(api, '/v1/blocks', { resource: r.id, start: '2027-01-05T10:00:00Z', end: '2027-01-05T11:00:00Z' });
    const kept = await create(api, '/v1/schedules', { resource: keep.id, effective_from: '2027-01-04', weeks: [{}] });
    const wide = await create(api, '/v1/blocks', { account_wide: true, start: '2027-01-05T10:00:00Z', end: '2027-01-05T11:00:00Z' });
    const atLoc = await create(api, '/v1/blocks', { location: loc.id, start: '2027-01-05T10:00:00Z', end: '2027-01-05T11:00:00Z' });

    expect((await api.del(`/v1/resources/${r.id}`)).status).toBe(200);

    const deleted = async (type: string) => (await api.get('/v1/events', { type })).body.data.map((e: any) => e.data.object);
    expect(await deleted('schedule.deleted')).toEqual([s]);
    expect(await deleted('schedule_override.deleted')).toEqual([o]);
    expect(await deleted('block.deleted')).toEqual([b]);
    expect((await api.get('/v1/schedules')).body.data.map((x: any) => x.id)).toEqual([kept.id]);
    expect((await api.get('/v1/schedule_overrides')).body.data).toEqual([]);
    expect((await api.get('/v1/blocks')).body.data.map((x: any) => x.id)).toEqual([atLoc.id, wide.id]);
  });
});
