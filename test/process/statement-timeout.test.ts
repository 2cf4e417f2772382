/**
 * A request whose statement waits out DATABASE_STATEMENT_TIMEOUT_MS (docs/limits.md): here a
 * booking on a resource whose row another transaction keeps locked, as a transaction a
 * restarted Citus node had prepared keeps it until the coordinator's recovery
 * (docs/scaling.md#a-node-that-comes-back). It answers 503 database_unavailable with
 * Retry-After, never 500, writes nothing, and is served once the row is free.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { api, freshPgDatabase, randomKey, serversOfThisFile, SERVER_RUN } from './helpers.js';
import { TEST_SECRETS_KEY } from '../support/secrets-key.js';

const start = serversOfThisFile();
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

describe.skipIf(!SERVER_RUN)('a statement that waits out the statement timeout', () => {
  it('answers 503 database_unavailable with Retry-After, writes nothing, and the same request is served once the rows are free', async () => {
    const db = await freshPgDatabase();
    drops.push(db.drop);
    const key = randomKey();
    const server = await start({ DATABASE_URL: db.url, BOOTSTRAP_API_KEY: key, SECRETS_KEY: TEST_SECRETS_KEY, RUN_WORKERS: 'false', DATABASE_STATEMENT_TIMEOUT_MS: '1000' });
    const account = (await api(server, key, 'POST', '/v1/accounts', { name: 'Locked out' })).body.id as string;
    const as = { 'service-account': account };
    const resource = (await api(server, key, 'POST', '/v1/resources', { name: 'Room', type: 'room', timezone: 'UTC' }, as)).body.id as string;
    const mondays = { monday: [{ start: '09:00', end: '17:00' }] };
    expect((await api(server, key, 'POST', '/v1/schedules', { resource, effective_from: '2030-01-07', weeks: [mondays] }, as)).status).toBe(200);
    const booking = { segments: [{ resource, start: '2030-01-07T10:00:00Z', end: '2030-01-07T11:00:00Z' }] };

    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from resources where account_id = $1 and id = $2 for update', [account, resource]);
      const started = Date.now();
      const waited = await api(server, key, 'POST', '/v1/bookings', booking, as);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(waited.status).toBe(503);
      expect(waited.headers.get('retry-after')).toBe('2');
      expect(waited.body.error).toMatchObject({ type: 'api_error', code: 'database_unavailable', param: null });
      expect(waited.body.error.message).not.toMatch(/statement timeout|canceling/);
      // Reads of the account are served meanwhile: only the locked row waits.
      expect((await api(server, key, 'GET', `/v1/resources/${resource}`, undefined, as)).status).toBe(200);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }

    expect((await api(server, key, 'GET', '/v1/bookings', undefined, as)).body.data).toEqual([]);
    const served = await api(server, key, 'POST', '/v1/bookings', booking, as);
    expect(served.status, JSON.stringify(served.body)).toBe(200);
    expect((await api(server, key, 'GET', '/v1/bookings', undefined, as)).body.data.map((b: { id: string }) => b.id)).toEqual([served.body.id]);
  });
});
