import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { createWorkers } from '../../src/app.js';
import { SecretsBox, newSecretsKey, parseSecretsKey } from '../../src/lib/secrets-box.js';
import { assertStoredKeysKnown, rotateStoredSecrets } from '../../src/secrets/stored.js';
import { setupTestApp } from '../support/harness.js';
import { eventually } from '../support/receiver.js';
import { createEndpoint, isolatedPlatform, receivers, silent } from './webhooks.helpers.js';
import { feedServer, outlookExport } from './calendar-feeds.helpers.js';
import { futureDay, openResource } from './bookings.helpers.js';

/** Secrets at rest (docs/configuration.md#secrets-key): sealed in the database, redacted in the API, rotated by key. */
const t = await setupTestApp();
const receiver = receivers();
const feeds = await feedServer();

const storedSecret = async (platformId: string, id: string) =>
  (await sql<{ secret: string }>`select secret from webhook_endpoints where platform_id = ${platformId} and id = ${id}`.execute(t.db.kysely)).rows[0].secret;
const storedUrl = async (accountId: string, id: string) =>
  (await sql<{ url: string }>`select url from calendar_feeds where account_id = ${accountId} and id = ${id}`.execute(t.db.kysely)).rows[0].url;

/** Delivers what is due with workers whose SECRETS_KEY settings are `keys`, until `count` requests of the event arrived. */
async function deliverWith(keys: { secretsKey: Buffer; secretsKeysPrevious: Buffer[] }, eventId: string, r: Awaited<ReturnType<typeof receiver>>, count = 1) {
  const workers = createWorkers(t.db, { ...t.config, ...keys }, silent, { clock: t.clock });
  try {
    const delivery = workers.find((w) => w.name === 'webhooks.delivery')!;
    return await eventually(async () => (await delivery.runOnce(), r.forEvent(eventId).length === count && r.forEvent(eventId)), { what: 'the deliveries' });
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}

const verify = (secret: string, req: { body: string; headers: Record<string, unknown> }) =>
  new Webhook(secret).verify(req.body, {
    'webhook-id': String(req.headers['webhook-id']),
    'webhook-timestamp': String(req.headers['webhook-timestamp']),
    'webhook-signature': String(req.headers['webhook-signature']),
  });

describe('secrets at rest', () => {
  it('stores a webhook signing secret encrypted: the row holds neither the secret nor its key, and deliveries are still signed with it', async () => {
    const r = await receiver();
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['account.created'] });
    const stored = await storedSecret(platformId, ep.id);
    expect(stored).toMatch(/^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain(ep.secret);
    expect(stored).not.toContain(ep.secret.slice('whsec_'.length));
    expect(JSON.stringify((await api.get(`/v1/webhook_endpoints/${ep.id}`)).body)).not.toContain('v1:');

    await api.post('/v1/accounts', { name: 'Sealed' });
    const event = (await api.get('/v1/events', { type: 'account.created' })).body.data[0];
    const [req] = await deliverWith({ secretsKey: t.config.secretsKey!, secretsKeysPrevious: [] }, event.id, r);
    expect(verify(ep.secret, req)).toEqual(event);
  });

  it('keeps the signing secret out of the stored Idempotency-Key answer: a replay answers the endpoint without it', async () => {
    const { api, platformId } = await isolatedPlatform(t);
    const body = { url: 'http://127.0.0.1:9/hook', enabled_events: ['*'] };
    const first = await api.post('/v1/webhook_endpoints', body, { idempotencyKey: 'create-once' });
    expect(first.body.secret).toMatch(/^whsec_/);
    const replay = await api.post('/v1/webhook_endpoints', body, { idempotencyKey: 'create-once' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(Object.fromEntries(Object.entries(first.body).filter(([k]) => k !== 'secret')));
    const stored = await sql<{ response_body: string }>`select response_body from idempotency_keys where platform_id = ${platformId}`.execute(t.db.kysely);
    expect(stored.rows.map((r) => r.response_body).join()).not.toContain(first.body.secret);
  });

  it('stores a calendar feed URL encrypted, and shows it only redacted: in responses, lists and events', async () => {
    const api = await t.newAccount();
    const resource = await openResource(api, { timezone: 'UTC' }, [{ start: '00:00', end: '24:00' }]);
    const token = 'private-5f2c0a9d4e7b1c3a';
    const url = feeds.serve(`/calendar/ical/ada%40example.com/${token}/basic.ics`, { ics: outlookExport(futureDay(7)) });
    const created = await api.post('/v1/calendar_feeds', { resource: resource.id, url });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.url).toBe(`${new URL(url).origin}/calendar/ical/…`);
    expect(created.body.busy_count).toBe(1); // fetched with the full URL

    const stored = await storedUrl(api.accountId, created.body.id);
    expect(stored.startsWith('v1:')).toBe(true);
    expect(stored).not.toContain(token);
    const shown = [
      (await api.get(`/v1/calendar_feeds/${created.body.id}`)).body,
      (await api.get('/v1/calendar_feeds')).body,
      (await api.get('/v1/events', { type: 'calendar_feed.created' })).body,
      (await api.get('/v1/events', { type: 'calendar_feed.synced' })).body,
    ];
    for (const body of shown) expect(JSON.stringify(body)).not.toContain(token);
    expect(JSON.stringify(shown)).toContain('/calendar/ical/…');
  });

  it('names the url among the previous attributes of an update even when the new URL redacts the same as the old one', async () => {
    const api = await t.newAccount();
    const resource = await openResource(api, { timezone: 'UTC' }, [{ start: '00:00', end: '24:00' }]);
    const first = feeds.serve('/calendar/ical/one/basic.ics', { ics: outlookExport(futureDay(7)) });
    const second = feeds.serve('/calendar/ical/two/basic.ics', { ics: outlookExport(futureDay(8)) });
    const feed = (await api.post('/v1/calendar_feeds', { resource: resource.id, url: first })).body;
    const updated = await api.post(`/v1/calendar_feeds/${feed.id}`, { url: second });
    expect(updated.status).toBe(200);
    const events = (await api.get('/v1/events', { type: 'calendar_feed.updated' })).body.data;
    expect(events).toHaveLength(1);
    expect(events[0].data.previous_attributes).toMatchObject({ url: `${new URL(first).origin}/calendar/ical/…` });
  });

  it('after a rotation to a new key, with the old one kept as previous and then dropped, webhooks still verify and plaintext rows are encrypted', async () => {
    const r = await receiver();
    const { api, platformId } = await isolatedPlatform(t);
    const keyA = t.config.secretsKey!;
    const keyB = parseSecretsKey('key B', newSecretsKey());
    const sealedWithA = await createEndpoint(api, { url: r.url, enabled_events: ['account.created'] });
    // A row written before encryption existed: read as it is, encrypted by the rotation.
    const legacy = await createEndpoint(api, { url: r.url, enabled_events: ['account.created'] });
    await sql`update webhook_endpoints set secret = ${legacy.secret} where platform_id = ${platformId} and id = ${legacy.id}`.execute(t.db.kysely);

    const onlyB = new SecretsBox(keyB);
    await expect(assertStoredKeysKnown(t.db.kysely, onlyB)).rejects.toThrow(/neither SECRETS_KEY .* nor in SECRETS_KEY_PREVIOUS/);
    const bWithA = new SecretsBox(keyB, [keyA]);
    await assertStoredKeysKnown(t.db.kysely, bWithA);
    const rotated = await rotateStoredSecrets(t.db.kysely, bWithA);
    expect(rotated.webhookSecrets).toBeGreaterThanOrEqual(2);
    for (const id of [sealedWithA.id, legacy.id]) expect((await storedSecret(platformId, id)).startsWith(`v1:${onlyB.currentKeyId}:`)).toBe(true);
    expect((await rotateStoredSecrets(t.db.kysely, bWithA)).webhookSecrets).toBe(0);

    await assertStoredKeysKnown(t.db.kysely, onlyB); // key A may now be dropped
    await api.post('/v1/accounts', { name: 'Rotated' });
    const event = (await api.get('/v1/events', { type: 'account.created' })).body.data[0];
    // Both endpoints get the event, each request signed with its own endpoint's secret.
    const both = await deliverWith({ secretsKey: keyB, secretsKeysPrevious: [] }, event.id, r, 2);
    const verifiesWith = (secret: string) => both.filter((q) => {
      try {
        return verify(secret, q) && true;
      } catch {
        return false;
      }
    });
    expect(verifiesWith(sealedWithA.secret)).toHaveLength(1);
    expect(verifiesWith(legacy.secret)).toHaveLength(1);
  });
});
