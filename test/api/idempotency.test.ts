import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { expectError, setupTestApp } from '../support/harness.js';

const t = await setupTestApp();
const api = await t.newAccount();
let n = 0;
const freshKey = () => `idem-${Date.now()}-${n++}`;

const countLocations = async (name: string) => (await api.get('/v1/locations', { limit: 100 })).body.data.filter((l: any) => l.name === name).length;

/** Leaves the key's claim in flight, as a process that died mid-request would; then `minutesLater` pass. */
async function markInFlight(key: string, minutesLater = 0) {
  await t.db.kysely
    .updateTable('idempotency_keys')
    .set({ state: 'in_flight', response_status: null, response_body: null })
    .where('platform_id', '=', t.platformId)
    .where('key', '=', key)
    .execute();
  t.clock.advance(minutesLater * 60_000);
}

describe('Idempotency-Key', () => {
  it('replays the stored response, with Idempotent-Replayed: true, and does the work once', async () => {
    const key = freshKey();
    const first = await api.post('/v1/locations', { name: 'Once' }, { idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await api.post('/v1/locations', { name: 'Once' }, { idempotencyKey: key });
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(second.headers['request-id']).not.toBe(first.headers['request-id']);
    expect(await countLocations('Once')).toBe(1);
    const events = (await api.get('/v1/events', { type: 'location.created', limit: 100 })).body.data.filter((e: any) => e.data.object.id === first.body.id);
    expect(events).toHaveLength(1);
  });

  it('replays an error response with its status too', async () => {
    const key = freshKey();
    const first = await api.post('/v1/resources', { name: 'R', type: 'room', default_location: 'loc_missing' }, { idempotencyKey: key });
    expectError(first, 404, 'resource_missing', 'default_location');
    const second = await api.post('/v1/resources', { name: 'R', type: 'room', default_location: 'loc_missing' }, { idempotencyKey: key });
    expect(second.status).toBe(404);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
  });

  it('does not store a request refused by validation: the key stays free', async () => {
    const key = freshKey();
    expectError(await api.post('/v1/locations', { name: '' }, { idempotencyKey: key }), 400, 'parameter_invalid', 'name');
    const ok = await api.post('/v1/locations', { name: 'After invalid' }, { idempotencyKey: key });
    expect(ok.status).toBe(200);
    expect(ok.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers the same key with a different body with 400 idempotency_key_reused', async () => {
    const key = freshKey();
    await api.post('/v1/locations', { name: 'First' }, { idempotencyKey: key });
    const e = expectError(await api.post('/v1/locations', { name: 'Second' }, { idempotencyKey: key }), 400, 'idempotency_key_reused', 'Idempotency-Key');
    expect(e.type).toBe('idempotency_error');
    expect(await countLocations('Second')).toBe(0);
  });

  it('answers the same key on another path or for another account with idempotency_key_reused', async () => {
    const key = freshKey();
    await api.post('/v1/locations', { name: 'Path' }, { idempotencyKey: key });
    expectError(await api.post('/v1/resources', { name: 'Path', type: 'room' }, { idempotencyKey: key }), 400, 'idempotency_key_reused');
    const other = await t.newAccount();
    expectError(await other.post('/v1/locations', { name: 'Path' }, { idempotencyKey: key }), 400, 'idempotency_key_reused');
  });

  it('answers 409 idempotency_key_in_use while the first request is still running', async () => {
    const key = freshKey();
    await api.post('/v1/locations', { name: 'Running' }, { idempotencyKey: key });
    await markInFlight(key); // as if the first request had not finished yet
    const e = expectError(await api.post('/v1/locations', { name: 'Running' }, { idempotencyKey: key }), 409, 'idempotency_key_in_use');
    expect(e.type).toBe('idempotency_error');
    expect(await countLocations('Running')).toBe(1);
  });

  it('lets a new request take over a claim abandoned for more than 5 minutes (its process died)', async () => {
    const key = freshKey();
    await api.post('/v1/locations', { name: 'Abandoned' }, { idempotencyKey: key });
    await markInFlight(key, 6);
    const res = await api.post('/v1/locations', { name: 'Abandoned' }, { idempotencyKey: key });
    expect(res.status).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('forgets a key after 24 hours', async () => {
    const key = freshKey();
    await api.post('/v1/locations', { name: 'Old' }, { idempotencyKey: key });
    t.clock.advance(25 * 3600_000);
    const res = await api.post('/v1/locations', { name: 'New body' }, { idempotencyKey: key });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('New body');
  });

  it('accepts keys of up to 255 characters and refuses 256 with parameter_invalid', async () => {
    const long = 'k'.repeat(255);
    expect((await api.post('/v1/locations', { name: 'Long key' }, { idempotencyKey: long })).status).toBe(200);
    expect((await api.post('/v1/locations', { name: 'Long key' }, { idempotencyKey: long })).headers['idempotent-replayed']).toBe('true');
    expectError(await api.post('/v1/locations', { name: 'Too long' }, { idempotencyKey: 'k'.repeat(256) }), 400, 'parameter_invalid', 'Idempotency-Key');
    expect(await countLocations('Too long')).toBe(0);
  });

  it('is scoped per platform and per mode: the same key elsewhere is independent', async () => {
    const key = freshKey();
    const mine = await t.api.post('/v1/accounts', { name: 'Scoped' }, { idempotencyKey: key });
    const other = await t.newPlatform();
    const theirs = await other.api.post('/v1/accounts', { name: 'Scoped' }, { idempotencyKey: key });
    const live = await t.api.post('/v1/accounts', { name: 'Scoped' }, { idempotencyKey: key, key: t.liveKey });
    for (const res of [theirs, live]) {
      expect(res.status).toBe(200);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
      expect(res.body.id).not.toBe(mine.body.id);
    }
    expect(live.body.livemode).toBe(true);
  });

  it('is ignored on GET and DELETE', async () => {
    const key = freshKey();
    const loc = await api.post('/v1/locations', { name: 'Ignored' });
    expect((await api.get(`/v1/locations/${loc.body.id}`, undefined, { idempotencyKey: key })).headers['idempotent-replayed']).toBeUndefined();
    expect((await api.del(`/v1/locations/${loc.body.id}`, { idempotencyKey: key })).status).toBe(200);
    expect((await api.post('/v1/locations', { name: 'Free key' }, { idempotencyKey: key })).status).toBe(200);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('Idempotency-Key with a request really in flight (PostgreSQL)', () => {
  it('answers 409 while the first request waits on a lock, then replays its result', async () => {
    const acct = await t.api.post('/v1/accounts', { name: 'Locked' });
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${(await t.db.kysely.selectNoFrom((eb) => eb.fn<string>('current_database', []).as('db')).executeTakeFirstOrThrow()).db}`;
    const blocker = new pg.Client({ connectionString: url.toString() });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from accounts where id = $1 for update', [acct.body.id]);
      const key = freshKey();
      const first = t.api.post(`/v1/accounts/${acct.body.id}`, { name: 'Renamed' }, { idempotencyKey: key });
      // Wait until the first request has claimed the key and is blocked on the row lock.
      for (let i = 0; i < 100; i++) {
        const row = await t.db.kysely.selectFrom('idempotency_keys').select('state').where('key', '=', key).executeTakeFirst();
        if (row) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expectError(await t.api.post(`/v1/accounts/${acct.body.id}`, { name: 'Renamed' }, { idempotencyKey: key }), 409, 'idempotency_key_in_use');
      await blocker.query('commit');
      const done = await first;
      expect(done.status).toBe(200);
      const replay = await t.api.post(`/v1/accounts/${acct.body.id}`, { name: 'Renamed' }, { idempotencyKey: key });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(done.body);
    } finally {
      await blocker.end();
    }
  });
});
