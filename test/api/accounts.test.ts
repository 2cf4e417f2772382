import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';

const t = await setupTestApp();

const eventsOf = async (accountId: string, type: string) =>
  (await t.api.get('/v1/events', { type, limit: 100 }, { account: accountId })).body.data;

describe('accounts', () => {
  it('creates an account with a default UTC time zone and emits account.created', async () => {
    const res = await t.api.post('/v1/accounts', { name: 'Yoga Loft' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'account', name: 'Yoga Loft', timezone: 'UTC', livemode: false, metadata: {} });
    expect(res.body.id).toMatch(/^acct_/);
    const events = await t.api.get('/v1/events', { type: 'account.created' });
    expect(events.body.data.some((e: any) => e.data.object.id === res.body.id)).toBe(true);
  });

  it('refuses an unknown parameter with parameter_unknown naming it', async () => {
    expectError(await t.api.post('/v1/accounts', { name: 'x', colour: 'red' }), 400, 'parameter_unknown', 'colour');
  });

  it('creates with every field and returns exactly the account shape', async () => {
    const res = await t.api.post('/v1/accounts', { name: 'Studio', timezone: 'Europe/Paris', metadata: { crm: '42' } });
    expect(Object.keys(res.body).sort()).toEqual([
      'accent_color',
      'booking_label_metadata_key',
      'booking_policy',
      'booking_rules',
      'created_at',
      'display_name',
      'holidays',
      'id',
      'livemode',
      'metadata',
      'name',
      'object',
      'reminder_offsets_minutes',
      'timezone',
      'updated_at',
    ]);
    expect(res.body).toMatchObject({ name: 'Studio', timezone: 'Europe/Paris', metadata: { crm: '42' } });
    expect((await t.api.get(`/v1/accounts/${res.body.id}`)).body).toEqual(res.body);
  });

  it('requires a name of 1 to 200 characters', async () => {
    expectError(await t.api.post('/v1/accounts', {}), 400, 'parameter_missing', 'name');
    expectError(await t.api.post('/v1/accounts', { name: '' }), 400, 'parameter_invalid', 'name');
    expect((await t.api.post('/v1/accounts', { name: 'a' })).status).toBe(200);
    expect((await t.api.post('/v1/accounts', { name: 'n'.repeat(200) })).status).toBe(200);
    expectError(await t.api.post('/v1/accounts', { name: 'n'.repeat(201) }), 400, 'parameter_invalid', 'name');
    expectError(await t.api.post('/v1/accounts', { name: 5 }), 400, 'parameter_invalid', 'name');
  });

  it('takes IANA time zones only, stored in their canonical spelling', async () => {
    expectError(await t.api.post('/v1/accounts', { name: 'x', timezone: 'Mars/Olympus' }), 400, 'parameter_invalid', 'timezone');
    expectError(await t.api.post('/v1/accounts', { name: 'x', timezone: '+02:00' }), 400, 'parameter_invalid', 'timezone');
    expectError(await t.api.post('/v1/accounts', { name: 'x', timezone: '' }), 400, 'parameter_invalid', 'timezone');
    expect((await t.api.post('/v1/accounts', { name: 'x', timezone: 'america/new_york' })).body.timezone).toBe('America/New_York');
  });

  it('answers an unknown id with 404 resource_missing', async () => {
    expectError(await t.api.get('/v1/accounts/acct_nope'), 404, 'resource_missing', null);
    expectError(await t.api.post('/v1/accounts/acct_nope', { name: 'x' }), 404, 'resource_missing');
    expectError(await t.api.del('/v1/accounts/acct_nope'), 404, 'resource_missing');
  });
});

describe('how an account shows itself on its pages', () => {
  it('sets a display name, an accent colour and a booking label key, keeps them when absent and clears them with null', async () => {
    const acct = await t.api.post('/v1/accounts', { name: 'acme-prod-7', display_name: 'Yoga Loft', accent_color: '#7C3AED', booking_label_metadata_key: 'client' });
    expect(acct.body).toMatchObject({ display_name: 'Yoga Loft', accent_color: '#7c3aed', booking_label_metadata_key: 'client' });
    const kept = await t.api.post(`/v1/accounts/${acct.body.id}`, { name: 'acme-prod-8' });
    expect(kept.body).toMatchObject({ name: 'acme-prod-8', display_name: 'Yoga Loft', accent_color: '#7c3aed', booking_label_metadata_key: 'client' });
    const cleared = await t.api.post(`/v1/accounts/${acct.body.id}`, { display_name: null, accent_color: null, booking_label_metadata_key: null });
    expect(cleared.body).toMatchObject({ display_name: null, accent_color: null, booking_label_metadata_key: null });
  });

  it('refuses a colour that is not #rrggbb and an empty display name, naming the parameter', async () => {
    expectError(await t.api.post('/v1/accounts', { name: 'x', accent_color: 'purple' }), 400, 'parameter_invalid', 'accent_color');
    expectError(await t.api.post('/v1/accounts', { name: 'x', accent_color: '#abc' }), 400, 'parameter_invalid', 'accent_color');
    expectError(await t.api.post('/v1/accounts', { name: 'x', display_name: '' }), 400, 'parameter_invalid', 'display_name');
    expectError(await t.api.post('/v1/accounts', { name: 'x', booking_label_metadata_key: 'k'.repeat(41) }), 400, 'parameter_invalid', 'booking_label_metadata_key');
  });
});

describe('updating an account', () => {
  it('changes name, time zone and metadata and emits account.updated with the previous values', async () => {
    const acct = await t.api.post('/v1/accounts', { name: 'Old', timezone: 'UTC', metadata: { a: '1', b: '2' } });
    t.clock.advance(1100); // updated_at has second precision
    const res = await t.api.post(`/v1/accounts/${acct.body.id}`, { name: 'New', timezone: 'Asia/Tokyo', metadata: { a: '', c: '3' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'New', timezone: 'Asia/Tokyo', metadata: { b: '2', c: '3' } });
    expect(res.body.created_at).toBe(acct.body.created_at);
    expect(res.body.updated_at > acct.body.updated_at).toBe(true);
    const [event] = await eventsOf(acct.body.id, 'account.updated');
    expect(event.data.object).toEqual(res.body);
    expect(event.data.previous_attributes).toEqual({ name: 'Old', timezone: 'UTC', metadata: { a: '1', b: '2' } });
  });

  it('leaves fields that are not sent unchanged', async () => {
    const acct = await t.api.post('/v1/accounts', { name: 'Keep', timezone: 'Europe/Berlin', metadata: { k: 'v' } });
    const res = await t.api.post(`/v1/accounts/${acct.body.id}`, { name: 'Renamed' });
    expect(res.body).toMatchObject({ name: 'Renamed', timezone: 'Europe/Berlin', metadata: { k: 'v' } });
  });

  it('writes no event for an update that changes nothing', async () => {
    const acct = await t.api.post('/v1/accounts', { name: 'Same' });
    expect((await t.api.post(`/v1/accounts/${acct.body.id}`, { name: 'Same' })).status).toBe(200);
    expect(await eventsOf(acct.body.id, 'account.updated')).toEqual([]);
  });

  it('refuses bad values and changes nothing', async () => {
    const acct = await t.api.post('/v1/accounts', { name: 'Keep' });
    expectError(await t.api.post(`/v1/accounts/${acct.body.id}`, { name: '' }), 400, 'parameter_invalid', 'name');
    expectError(await t.api.post(`/v1/accounts/${acct.body.id}`, { timezone: 'Nowhere/City' }), 400, 'parameter_invalid', 'timezone');
    expectError(await t.api.post(`/v1/accounts/${acct.body.id}`, { type: 'x' }), 400, 'parameter_unknown', 'type');
    expect((await t.api.get(`/v1/accounts/${acct.body.id}`)).body).toEqual(acct.body);
  });
});

describe('listing accounts', () => {
  it('lists newest first and filters by metadata', async () => {
    const other = await t.newPlatform();
    const a = await other.api.post('/v1/accounts', { name: 'A', metadata: { tier: 'gold' } });
    const b = await other.api.post('/v1/accounts', { name: 'B', metadata: { tier: 'silver' } });
    const c = await other.api.post('/v1/accounts', { name: 'C', metadata: { tier: 'gold', region: 'eu' } });
    const all = await other.api.get('/v1/accounts');
    expect(all.body).toMatchObject({ object: 'list', has_more: false });
    expect(all.body.data.map((x: any) => x.id)).toEqual([c.body.id, b.body.id, a.body.id]);
    const gold = await other.api.get('/v1/accounts', { 'metadata[tier]': 'gold' });
    expect(gold.body.data.map((x: any) => x.id)).toEqual([c.body.id, a.body.id]);
    const both = await other.api.get('/v1/accounts', { 'metadata[tier]': 'gold', 'metadata[region]': 'eu' });
    expect(both.body.data.map((x: any) => x.id)).toEqual([c.body.id]);
  });
});
