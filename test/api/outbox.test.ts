import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { expectError, setupTestApp } from '../support/harness.js';
import { LATEST_API_VERSION } from '../../src/lib/api-versions.js';

const t = await setupTestApp();

const typesOf = async (accountId: string) =>
  (await t.api.get('/v1/events', { limit: 100 }, { account: accountId })).body.data.map((e: any) => e.type);

describe('the event outbox', () => {
  it('writes one event per change, in order, each with the object in full', async () => {
    const api = await t.newAccount();
    const loc = await api.post('/v1/locations', { name: 'Hall' });
    await api.post(`/v1/locations/${loc.body.id}`, { name: 'Big hall' });
    const r = await api.post('/v1/resources', { name: 'Room', type: 'room' });
    await api.post(`/v1/resources/${r.body.id}`, { capacity: 2 });
    await api.post(`/v1/resources/${r.body.id}/archive`);
    await api.post(`/v1/resources/${r.body.id}/unarchive`);
    await api.del(`/v1/resources/${r.body.id}`);
    await api.del(`/v1/locations/${loc.body.id}`);
    await t.api.post(`/v1/accounts/${api.accountId}`, { name: 'Renamed' });
    expect(await typesOf(api.accountId)).toEqual([
      'account.updated',
      'location.deleted',
      'resource.deleted',
      'resource.unarchived',
      'resource.archived',
      'resource.updated',
      'resource.created',
      'location.updated',
      'location.created',
      'account.created',
    ]);
    const [event] = (await api.get('/v1/events', { type: 'resource.updated' })).body.data;
    expect(event).toMatchObject({
      object: 'event',
      account: api.accountId,
      api_version: LATEST_API_VERSION,
      type: 'resource.updated',
      livemode: false,
      data: { object: { id: r.body.id, object: 'resource', capacity: 2 }, previous_attributes: { capacity: 1 } },
    });
    expect(event.id).toMatch(/^evt_/);
    expect(event.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Object.keys(event).sort()).toEqual(['account', 'actor', 'api_version', 'created_at', 'data', 'id', 'livemode', 'object', 'request_id', 'type']);
  });

  it('writes nothing for a change that is refused', async () => {
    const api = await t.newAccount();
    expectError(await api.post('/v1/resources', { name: 'R', type: 'room', default_location: 'loc_nope' }), 404, 'resource_missing');
    expectError(await api.post('/v1/resources', { name: 'R', type: 'room', capacity: 0 }), 400, 'parameter_invalid');
    expect(await typesOf(api.accountId)).toEqual(['account.created']);
  });

  /**
   * Runs a trigger's DDL; on a Citus cluster, where the event lands on the platform's shard and
   * the change on the account's, with the setting Citus asks for triggers on distributed tables.
   */
  async function asTriggerOwner(ddl: string): Promise<void> {
    await t.db.kysely.transaction().execute(async (trx) => {
      const citus = await sql`select 1 from pg_extension where extname = 'citus'`.execute(trx);
      if (citus.rows.length) await sql`set local citus.enable_unsafe_triggers = on`.execute(trx);
      await sql.raw(ddl).execute(trx);
    });
  }

  it('commits the change and its event together: when the event cannot be written, the change is rolled back', async () => {
    const api = await t.newAccount();
    await sql
      .raw(
        `create or replace function refuse_doomed_event() returns trigger language plpgsql as $$
         begin
           if new.object->>'name' = 'Doomed' then raise exception 'event refused by test trigger'; end if;
           return new;
         end $$`,
      )
      .execute(t.db.kysely);
    await asTriggerOwner('create trigger refuse_doomed before insert on events for each row execute function refuse_doomed_event()');
    try {
      const res = await api.post('/v1/locations', { name: 'Doomed' });
      expectError(res, 500, 'internal_error', null);
      expect(JSON.stringify(res.body)).not.toContain('test trigger'); // never a stack trace or a database message
      expect((await api.get('/v1/locations')).body.data).toEqual([]);
      const loc = await api.post('/v1/locations', { name: 'Fine' });
      expect((await api.post(`/v1/locations/${loc.body.id}`, { name: 'Doomed' })).status).toBe(500);
      expect((await api.get(`/v1/locations/${loc.body.id}`)).body.name).toBe('Fine');
    } finally {
      await asTriggerOwner('drop trigger refuse_doomed on events');
    }
  });
});

describe('GET /v1/events', () => {
  it('filters by exact type, by prefix.* and by *', async () => {
    const api = await t.newAccount();
    const r = await api.post('/v1/resources', { name: 'Room', type: 'room' });
    await api.post(`/v1/resources/${r.body.id}/archive`);
    await api.post('/v1/locations', { name: 'Hall' });
    const types = async (type: string) => (await api.get('/v1/events', { type })).body.data.map((e: any) => e.type);
    expect(await types('resource.archived')).toEqual(['resource.archived']);
    expect(await types('resource.*')).toEqual(['resource.archived', 'resource.created']);
    expect(await types('*')).toEqual(['location.created', 'resource.archived', 'resource.created', 'account.created']);
    // Anything else is not a filter (never a LIKE pattern): 400 naming `type`.
    for (const bad of ['resource', 'res.*', 'resource%', '%.*', 'resource.*.*']) {
      expectError(await api.get('/v1/events', { type: bad }), 400, 'parameter_invalid', 'type');
    }
  });

  it('lists across the platform without Service-Account and narrows with it', async () => {
    const other = await t.newPlatform();
    const a = await other.api.post('/v1/accounts', { name: 'A' });
    const b = await other.api.post('/v1/accounts', { name: 'B' });
    const all = (await other.api.get('/v1/events')).body.data.map((e: any) => e.account);
    expect(all).toEqual([b.body.id, a.body.id]);
    const onlyA = (await other.api.get('/v1/events', undefined, { account: a.body.id })).body.data;
    expect(onlyA.map((e: any) => e.account)).toEqual([a.body.id]);
    expectError(await other.api.get('/v1/events', undefined, { account: 'acct_nope' }), 404, 'resource_missing', 'Service-Account');
  });

  it('retrieves one event by id, and answers an unknown id with 404', async () => {
    const api = await t.newAccount();
    const [listed] = (await api.get('/v1/events', { limit: 1 })).body.data;
    expect((await t.api.get(`/v1/events/${listed.id}`)).body).toEqual(listed);
    expectError(await t.api.get('/v1/events/evt_nope'), 404, 'resource_missing');
  });

  it('keeps events listable for 30 days only', async () => {
    const api = await t.newAccount();
    const [created] = (await api.get('/v1/events')).body.data;
    t.clock.advance(31 * 24 * 3600_000);
    expect((await api.get('/v1/events')).body.data).toEqual([]);
    expectError(await t.api.get(`/v1/events/${created.id}`), 404, 'resource_missing');
  });

  it('renders events in the version asked for, naming it in api_version', async () => {
    const api = await t.newAccount();
    const [event] = (await api.get('/v1/events', undefined, { version: '2026-05-01' })).body.data;
    expect(event.api_version).toBe('2026-05-01');
  });

  it('refuses metadata filters and unknown parameters', async () => {
    expectError(await t.api.get('/v1/events', { 'metadata[a]': 'b' }), 400, 'parameter_unknown', 'metadata[a]');
    expectError(await t.api.get('/v1/events', { kind: 'x' }), 400, 'parameter_unknown', 'kind');
    expectError(await t.api.get('/v1/events', { type: '' }), 400, 'parameter_invalid', 'type');
  });
});
