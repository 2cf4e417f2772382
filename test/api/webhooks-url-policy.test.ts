import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { eventually } from '../support/receiver.js';
import { guardedLookup, isNonGlobalIp, NON_GLOBAL_DESTINATION } from '../../src/lib/url-policy.js';
import { json } from '../../src/db/transaction.js';
import { request } from 'undici';
import { createWebhookDispatcher } from '../../src/features/webhooks/sender.js';
import { deliveriesOf, emit, isolatedPlatform, receivers, sampleLocation, startWorkers } from './webhooks.helpers.js';

// As in production: private destinations are not allowed.
const t = await setupTestApp({ webhookAllowPrivate: false, webhookRetryScheduleSeconds: [0, 1, 1], workerPollMs: 100, webhookTimeoutMs: 500 });
startWorkers(t);
const receiver = receivers();

describe('webhook destinations when private addresses are not allowed', () => {
  it('refuses loopback, private, link-local and localhost urls with param url', async () => {
    const { api } = await isolatedPlatform(t);
    const refused = [
      'http://127.0.0.1:8080/hooks',
      'http://127.1/hooks',
      'http://0x7f000001/hooks',
      'http://2130706433/hooks',
      'http://localhost:3000/hooks',
      'http://LOCALHOST./hooks',
      'http://api.localhost/hooks',
      'http://[::1]/hooks',
      'http://[::ffff:127.0.0.1]/hooks',
      'http://[fe80::1]/hooks',
      'http://[fd00::1]/hooks',
      'http://10.1.2.3/hooks',
      'http://172.16.0.1/hooks',
      'http://192.168.1.10/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/hooks',
      'http://0.0.0.0/hooks',
    ];
    for (const url of refused) {
      expectError(await api.post('/v1/webhook_endpoints', { url, enabled_events: ['*'] }), 400, 'parameter_invalid', 'url');
    }
    const ok = await api.post('/v1/webhook_endpoints', { url: 'https://hooks.example.com/x', enabled_events: ['*'] });
    expect(ok.status).toBe(200);
    expectError(await api.post(`/v1/webhook_endpoints/${ok.body.id}`, { url: 'http://10.0.0.1/x' }), 400, 'parameter_invalid', 'url');
  });

  it('classifies addresses: private, loopback, link-local, every IPv4-mapped and reserved ones are not public; public ones and NAT64 of a public address are', () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '172.31.255.255', '192.168.0.1', '169.254.1.1', '100.127.0.1', '224.0.0.1', '255.255.255.255', '::', '::1', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:10.0.0.1', '64:ff9b::a00:1', 'ff02::1', '::ffff:8.8.8.8']) {
      expect(isNonGlobalIp(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '172.32.0.1', '192.169.0.1', '100.128.0.1', '1.1.1.1', '2606:4700:4700::1111', '64:ff9b::808:808']) {
      expect(isNonGlobalIp(a), a).toBe(false);
    }
  });

  it('refuses at connect time a name that resolves to a private address', async () => {
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => guardedLookup('localhost', {}, (e) => resolve(e)));
    expect(err?.code).toBe('EPRIVATEADDRESS');
    // …and the delivery dispatcher really resolves through it (a name, not a literal address).
    const r = await receiver();
    const dispatcher = createWebhookDispatcher(t.config);
    try {
      await expect(request(`http://localhost:${r.port}/hooks`, { method: 'POST', body: '{}', dispatcher })).rejects.toMatchObject({ code: 'EPRIVATEADDRESS' });
    } finally {
      await dispatcher.close();
    }
    expect(r.requests).toEqual([]);
  });

  it('does not send to an endpoint stored with a private url before the operator forbade them', async () => {
    const r = await receiver();
    const { api, platformId } = await isolatedPlatform(t);
    const now = new Date();
    await t.db.kysely
      .insertInto('webhook_endpoints')
      .values({
        platform_id: platformId,
        id: 'we_legacy',
        livemode: false,
        url: r.url,
        enabled_events: json(['location.*']),
        api_version: '2026-10-16',
        secret: 'whsec_' + Buffer.alloc(32, 1).toString('base64'),
        status: 'enabled',
        disabled_reason: null,
        disabled_at: null,
        last_success_at: null,
        failing_since: null,
        consecutive_failures: 0,
        description: null,
        metadata: json({}),
        created_at: now,
        updated_at: now,
      })
      .execute();
    await emit(t, platformId, 'location.created', sampleLocation());
    const [d] = await eventually(async () => {
      const list = await deliveriesOf(api, 'we_legacy');
      return list[0]?.attempts >= 1 && list;
    });
    expect(d.recent_attempts[0]).toMatchObject({ response_status: null, error: NON_GLOBAL_DESTINATION });
    expect(r.requests).toEqual([]);
  });
});
