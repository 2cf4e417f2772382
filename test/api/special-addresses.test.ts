import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { systemResolveHost, type ResolveHost } from '../../src/lib/resolve-host.js';
import { guardLookup } from '../../src/lib/url-policy.js';
import { openResource } from './bookings.helpers.js';
import { createEndpoint, deliveriesOf, emit, isolatedPlatform, sampleLocation } from './webhooks.helpers.js';
import { ADDRESS_CASES, urlHost, type AddressCase } from './special-addresses.table.js';

/**
 * The outgoing-URL rule as in production (private destinations not allowed), for every block
 * of the IANA special-purpose address registries: a literal address is refused when an
 * endpoint or feed is created, and a name that resolves to one is refused when it is called.
 */
const NAMES = /\.resolves\.test$/;
/** What each `*.resolves.test` name resolves to; other names go to the machine's resolver. */
const resolvesTo = new Map<string, string>();
const resolveHost: ResolveHost = (hostname, options, callback) => {
  if (!NAMES.test(hostname)) return systemResolveHost(hostname, options, callback);
  const address = resolvesTo.get(hostname);
  if (!address) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
  callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
};

const t = await setupTestApp({ webhookAllowPrivate: false, webhookTimeoutMs: 500 }, { resolveHost });
const NOT_PUBLIC = /^destination [a-z0-9.-]+ resolves to an address that is not public/;

const refusedCases = ADDRESS_CASES.filter((c) => !c.global);
const allowedCases = ADDRESS_CASES.filter((c) => c.global);
const label = (c: AddressCase) => `${c.address} (${c.block})`;

describe('literal addresses when an endpoint or feed is created', () => {
  it('refuses a webhook endpoint on every address that is not globally reachable, with 400 parameter_invalid and param url', async () => {
    const { api } = await isolatedPlatform(t);
    const wrong: string[] = [];
    for (const c of refusedCases) {
      const res = await api.post('/v1/webhook_endpoints', { url: `https://${urlHost(c.address)}/hooks`, enabled_events: ['*'] });
      try {
        expectError(res, 400, 'parameter_invalid', 'url');
      } catch (e) {
        wrong.push(`${label(c)}: ${(e as Error).message}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses IPv6 site-local over http and https alike', async () => {
    const { api } = await isolatedPlatform(t);
    for (const url of ['http://[fec0::1]/', 'https://[fec0::1]/', 'https://[FEC0:0:0:0:0:0:0:1]:8443/hooks']) {
      const err = expectError(await api.post('/v1/webhook_endpoints', { url, enabled_events: ['*'] }), 400, 'parameter_invalid', 'url');
      expect(err.message).toMatch(/only public destinations/);
    }
  });

  it('accepts a webhook endpoint on every globally reachable address, also inside a refused block', async () => {
    const { api } = await isolatedPlatform(t);
    const wrong: string[] = [];
    for (const c of allowedCases) {
      const res = await api.post('/v1/webhook_endpoints', { url: `https://${urlHost(c.address)}/hooks`, enabled_events: ['location.created'] });
      if (res.status !== 200) wrong.push(`${label(c)}: ${res.status} ${JSON.stringify(res.body)}`);
      // At most 16 endpoints per platform: each one goes again at once.
      else expect((await api.del(`/v1/webhook_endpoints/${res.body.id}`)).status).toBe(200);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a calendar feed on every address that is not globally reachable, with 400 parameter_invalid and param url', async () => {
    const api = await t.newAccount();
    const room = await openResource(api, {}, [{ start: '09:00', end: '17:00' }]);
    const wrong: string[] = [];
    for (const c of refusedCases) {
      const res = await api.post('/v1/calendar_feeds', { resource: room.id, url: `http://${urlHost(c.address)}/cal.ics` });
      try {
        expectError(res, 400, 'parameter_invalid', 'url');
      } catch (e) {
        wrong.push(`${label(c)}: ${(e as Error).message}`);
      }
    }
    expect(wrong).toEqual([]);
    expect((await api.get('/v1/calendar_feeds')).body.data).toEqual([]);
  });
});

describe('names that resolve to such an address when they are called', () => {
  it('fails each webhook delivery to a name that resolves to an address that is not globally reachable, without saying which address', async () => {
    const { api, platformId } = await isolatedPlatform(t);
    const wrong: string[] = [];
    for (const c of refusedCases) {
      // An endpoint of its own for each case: a failed attempt rests the endpoint's lane
      // (docs/webhooks.md#delivery-lanes), which would hold back the next case's attempt.
      resolvesTo.set('rebind.resolves.test', c.address);
      const endpoint = await createEndpoint(api, { url: 'https://rebind.resolves.test/hooks', enabled_events: ['location.created'] });
      const eventId = await emit(t, platformId, 'location.created', sampleLocation());
      await t.runWorker('webhooks.delivery');
      const delivery = (await deliveriesOf(api, endpoint.id)).find((d) => d.event === eventId);
      const error: string | undefined = delivery?.recent_attempts[0]?.error;
      if (!error || !NOT_PUBLIC.test(error) || error.includes(c.address) || delivery.last_response_status !== null) {
        wrong.push(`${label(c)}: ${JSON.stringify(delivery)}`);
      }
      expect((await api.del(`/v1/webhook_endpoints/${endpoint.id}`)).status).toBe(200);
    }
    expect(wrong).toEqual([]);
  });

  it("fails each calendar feed sync from a name that resolves to an address that is not globally reachable, in the feed's last_error", async () => {
    const api = await t.newAccount();
    const room = await openResource(api, {}, [{ start: '09:00', end: '17:00' }]);
    resolvesTo.set('feed-0.resolves.test', refusedCases[0].address);
    const created = await api.post('/v1/calendar_feeds', { resource: room.id, url: 'https://feed-0.resolves.test/cal.ics' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const wrong: string[] = [];
    for (const [i, c] of refusedCases.entries()) {
      // Another address means another name each time: an update to a new url syncs at once.
      const name = `feed-${i + 1}.resolves.test`;
      resolvesTo.set(name, c.address);
      const res = await api.post(`/v1/calendar_feeds/${created.body.id}`, { url: `https://${name}/cal.ics` });
      if (res.status !== 200 || !NOT_PUBLIC.test(res.body.last_error ?? '') || res.body.last_error.includes(c.address)) {
        wrong.push(`${label(c)}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets a name through to connecting when every address it resolves to is globally reachable, and refuses it when one of them is not', async () => {
    const lookup = guardLookup(resolveHost);
    const resolve = (name: string) =>
      new Promise<{ err: NodeJS.ErrnoException | null; addresses: LookupAddress[] | string }>((done) => lookup(name, { all: true }, (err, addresses) => done({ err, addresses })));
    const wrong: string[] = [];
    for (const c of allowedCases) {
      resolvesTo.set('public.resolves.test', c.address);
      const { err, addresses } = await resolve('public.resolves.test');
      if (err || JSON.stringify(addresses) !== JSON.stringify([{ address: c.address, family: c.address.includes(':') ? 6 : 4 }])) wrong.push(`${label(c)}: ${err?.message}`);
    }
    expect(wrong).toEqual([]);
    // One bad address among good ones is enough: the connection could be made to any of them.
    const mixed = guardLookup((_name, _options, callback) => callback(null, [{ address: '8.8.8.8', family: 4 }, { address: 'fec0::1', family: 6 }]));
    const err = await new Promise<NodeJS.ErrnoException | null>((done) => mixed('mixed.resolves.test', { all: true }, (e) => done(e)));
    expect(err?.code).toBe('EPRIVATEADDRESS');
  });
});
