import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { isNonGlobalIp } from '../../src/lib/url-policy.js';
import { createWebhookDispatcher, postWebhook } from '../../src/features/webhooks/sender.js';
import { isolatedPlatform, receivers } from './webhooks.helpers.js';

/**
 * Webhook address rules as in production (private destinations not allowed), against the
 * hostile cases of issue "Fair under hostile load", list 5.
 */
const t = await setupTestApp({ webhookAllowPrivate: false });
const receiver = receivers();

describe('IPv6 spellings of IPv4 addresses', () => {
  it('refuses IPv4-compatible and IPv4-translated loopback and private addresses', async () => {
    const { api } = await isolatedPlatform(t);
    for (const url of [
      'http://[::127.0.0.1]/hooks',
      'http://[::7f00:1]/hooks',
      'http://[::ffff:0:127.0.0.1]/hooks',
      'http://[::ffff:0:10.0.0.1]/hooks',
      'http://[::10.0.0.1]/hooks',
      'http://[64:ff9b:1::127.0.0.1]/hooks',
      'http://[2002:7f00:1::]/hooks',
      'http://[::]/hooks',
    ]) {
      expectError(await api.post('/v1/webhook_endpoints', { url, enabled_events: ['*'] }), 400, 'parameter_invalid', 'url');
    }
  });

  it('classifies those addresses as private, and still lets public ones through', () => {
    for (const a of ['::127.0.0.1', '::7f00:1', '::ffff:0:127.0.0.1', '::ffff:0:7f00:1', '::192.168.0.1', '2002:c0a8:1::1', '64:ff9b:1::a00:1', '100::1', '2001:db8::1', '::ffff:0:8.8.8.8']) {
      expect(isNonGlobalIp(a), a).toBe(true);
    }
    for (const a of ['2002:808:808::1', '2606:4700:4700::1111', '2a00:1450:4001::200e']) {
      expect(isNonGlobalIp(a), a).toBe(false);
    }
  });
});

describe('what a failed delivery tells the platform', () => {
  it('does not reveal the private address that a name resolves to', async () => {
    const r = await receiver();
    // The delivery-time check: a name (not a literal address) that resolves to a private
    // address, as a public name does after DNS rebinding. `localhost` is such a name here;
    // the create-time check alone would refuse it, so the sender is called directly.
    const dispatcher = createWebhookDispatcher(t.config);
    try {
      const outcome = await postWebhook(dispatcher, `http://localhost:${r.port}/hooks`, { 'content-type': 'application/json' }, '{}', {
        webhookTimeoutMs: 500,
        webhookAllowPrivate: true, // skip the literal-address check so that DNS is consulted
      });
      expect(outcome.ok).toBe(false);
      expect(outcome.error).toMatch(/private/);
      expect(outcome.error).not.toMatch(/127\.0\.0\.1|::1|\d+\.\d+\.\d+\.\d+/);
    } finally {
      await dispatcher.close();
    }
    expect(r.requests).toEqual([]);
  });
});
