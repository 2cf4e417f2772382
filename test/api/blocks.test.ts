import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { create, createResource } from './availability-support.js';

const t = await setupTestApp();

async function eventsOf(api: typeof t.api, type: string, id: string) {
  const res = await api.get('/v1/events', { type });
  return res.body.data.filter((e: any) => e.data.object.id === id);
}

const span = { start: '2027-03-01T10:00:00Z', end: '2027-03-01T12:00:00Z' };

describe('blocks', () => {
  it('creates a resource block and emits block.created', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const res = await api.post('/v1/blocks', { resource: r.id, start: '2027-03-01T11:00:00+01:00', end: '2027-03-01T12:30:00+01:00', reason: 'Maintenance', metadata: { ticket: '42' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^blk_/),
      object: 'block',
      livemode: false,
      resource: r.id,
      location: null,
      account_wide: false,
      start: '2027-03-01T10:00:00Z',
      end: '2027-03-01T11:30:00Z',
      reason: 'Maintenance',
      metadata: { ticket: '42' },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await eventsOf(api, 'block.created', res.body.id)).map((e: any) => e.data.object)).toEqual([res.body]);
  });

  it('creates location and account-wide blocks', async () => {
    const api = await t.newAccount();
    const loc = await create(api, '/v1/locations', { name: 'Hall' });
    const byLocation = await api.post('/v1/blocks', { location: loc.id, ...span });
    expect(byLocation.body).toMatchObject({ resource: null, location: loc.id, account_wide: false, reason: null });
    const wide = await api.post('/v1/blocks', { account_wide: true, resource: null, location: null, ...span });
    expect(wide.body).toMatchObject({ resource: null, location: null, account_wide: true });
  });

  it('needs exactly one scope', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const loc = await create(api, '/v1/locations', { name: 'Hall' });
    expectError(await api.post('/v1/blocks', span), 400, 'parameter_missing', 'resource');
    expectError(await api.post('/v1/blocks', { account_wide: false, resource: null, ...span }), 400, 'parameter_missing', 'resource');
    expectError(await api.post('/v1/blocks', { resource: r.id, location: loc.id, ...span }), 400, 'parameters_exclusive', 'location');
    expectError(await api.post('/v1/blocks', { resource: r.id, account_wide: true, ...span }), 400, 'parameters_exclusive', 'account_wide');
    expectError(await api.post('/v1/blocks', { location: loc.id, account_wide: true, ...span }), 400, 'parameters_exclusive', 'account_wide');
    expect((await api.post('/v1/blocks', { resource: r.id, account_wide: false, ...span })).status).toBe(200);
  });

  it('checks that the resource or location exists in the account', async () => {
    const api = await t.newAccount();
    const other = await t.newAccount();
    const foreign = await createResource(other);
    const foreignLoc = await create(other, '/v1/locations', { name: 'Elsewhere' });
    expectError(await api.post('/v1/blocks', { resource: foreign.id, ...span }), 404, 'resource_missing', 'resource');
    expectError(await api.post('/v1/blocks', { location: foreignLoc.id, ...span }), 404, 'resource_missing', 'location');
  });

  it('validates start, end and reason at their bounds', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const post = (b: Record<string, unknown>) => api.post('/v1/blocks', { resource: r.id, ...span, ...b });
    expectError(await post({ end: span.start }), 400, 'parameter_invalid', 'end');
    expectError(await post({ end: '2027-03-01T09:59:59Z' }), 400, 'parameter_invalid', 'end');
    expect((await post({ end: '2027-03-01T10:00:01Z' })).status).toBe(200);
    expectError(await post({ start: '2027-03-01 10:00' }), 400, 'parameter_invalid', 'start');
    expectError(await post({ end: '2027-02-30T10:00:00Z' }), 400, 'parameter_invalid', 'end');
    expectError(await api.post('/v1/blocks', { resource: r.id, start: span.start }), 400, 'parameter_missing', 'end');
    expect((await post({ reason: 'x'.repeat(500) })).status).toBe(200);
    expectError(await post({ reason: 'x'.repeat(501) }), 400, 'parameter_invalid', 'reason');
    expectError(await post({ reason: 5 }), 400, 'parameter_invalid', 'reason');
    expectError(await post({ account_wide: 'yes' }), 400, 'parameter_invalid', 'account_wide');
    expectError(await post({ colour: 'red' }), 400, 'parameter_unknown', 'colour');
  });

  it('updates start, end, reason and metadata with previous_attributes; scope is not updatable', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const b = await create(api, '/v1/blocks', { resource: r.id, ...span, reason: 'old' });
    const res = await api.post(`/v1/blocks/${b.id}`, { end: '2027-03-01T13:00:00Z', reason: null, metadata: { k: 'v' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ start: span.start, end: '2027-03-01T13:00:00Z', reason: null, metadata: { k: 'v' } });
    const [event] = await eventsOf(api, 'block.updated', b.id);
    expect(event.data.previous_attributes).toEqual({ end: span.end, reason: 'old', metadata: {} });
    expectError(await api.post(`/v1/blocks/${b.id}`, { start: '2027-03-01T13:00:00Z' }), 400, 'parameter_invalid', 'start');
    expectError(await api.post(`/v1/blocks/${b.id}`, { end: '2027-03-01T09:00:00Z' }), 400, 'parameter_invalid', 'end');
    expectError(await api.post(`/v1/blocks/${b.id}`, { resource: r.id }), 400, 'parameter_unknown', 'resource');
    expectError(await api.post(`/v1/blocks/${b.id}`, { account_wide: true }), 400, 'parameter_unknown', 'account_wide');
    expect((await api.get(`/v1/blocks/${b.id}`)).body).toEqual(res.body);
  });

  it('deletes a block with block.deleted', async () => {
    const api = await t.newAccount();
    const b = await create(api, '/v1/blocks', { account_wide: true, ...span });
    expect((await api.del(`/v1/blocks/${b.id}`)).body).toEqual({ id: b.id, object: 'block', deleted: true });
    expect(await eventsOf(api, 'block.deleted', b.id)).toHaveLength(1);
    expectError(await api.get(`/v1/blocks/${b.id}`), 404, 'resource_missing');
  });

  it('lists blocks by resource, location, account_wide, overlapping from/to and metadata', async () => {
    const api = await t.newAccount();
    const r = await createResource(api);
    const loc = await create(api, '/v1/locations', { name: 'Hall' });
    const b1 = await create(api, '/v1/blocks', { resource: r.id, start: '2027-03-01T10:00:00Z', end: '2027-03-01T11:00:00Z' });
    const b2 = await create(api, '/v1/blocks', { location: loc.id, start: '2027-03-02T10:00:00Z', end: '2027-03-02T11:00:00Z', metadata: { k: 'v' } });
    const b3 = await create(api, '/v1/blocks', { account_wide: true, start: '2027-03-03T10:00:00Z', end: '2027-03-03T11:00:00Z' });
    const ids = async (q: Record<string, string | number | boolean>) => {
      const res = await api.get('/v1/blocks', q);
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.data.map((b: any) => b.id);
    };
    expect(await ids({})).toEqual([b3.id, b2.id, b1.id]);
    expect(await ids({ resource: r.id })).toEqual([b1.id]);
    expect(await ids({ location: loc.id })).toEqual([b2.id]);
    expect(await ids({ account_wide: true })).toEqual([b3.id]);
    expect(await ids({ account_wide: false })).toEqual([b2.id, b1.id]);
    // Overlap is half-open: a block ending exactly at `from` is not listed.
    expect(await ids({ from: '2027-03-01T11:00:00Z' })).toEqual([b3.id, b2.id]);
    expect(await ids({ to: '2027-03-02T10:00:00Z' })).toEqual([b1.id]);
    expect(await ids({ from: '2027-03-02T10:30:00Z', to: '2027-03-02T10:31:00Z' })).toEqual([b2.id]);
    expect(await ids({ 'metadata[k]': 'v' })).toEqual([b2.id]);
    expect(await ids({ limit: 1, starting_after: b3.id })).toEqual([b2.id]);
    expectError(await api.get('/v1/blocks', { from: 'yesterday' }), 400, 'parameter_invalid', 'from');
    expectError(await api.get('/v1/blocks', { from: '2027-03-02T00:00:00Z', to: '2027-03-01T00:00:00Z' }), 400, 'parameter_invalid', 'to');
    expectError(await api.get('/v1/blocks', { color: 'red' }), 400, 'parameter_unknown', 'color');
  });

  it('needs the blocks permission for a restricted key', async () => {
    const api = await t.newAccount();
    const key = await t.restrictedKey({ permissions: { schedules: 'write', blocks: 'read' }, account: api.accountId });
    expect((await api.withKey(key).get('/v1/blocks')).status).toBe(200);
    expectError(await api.withKey(key).post('/v1/blocks', { account_wide: true, ...span }), 403, 'permission_denied');
  });
});
