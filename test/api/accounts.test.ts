import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';

const t = await setupTestApp();

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
});
