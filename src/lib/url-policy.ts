import { isIP } from 'node:net';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { Agent } from 'undici';
import { invalid } from './errors.js';
import { systemResolveHost, type ResolveHost } from './resolve-host.js';
import { isNonGlobalAddress } from './special-addresses.js';

/**
 * Where webhooks may be sent, and calendar feeds fetched from (docs/webhooks.md#destinations):
 * live-mode endpoints need https; addresses that are not globally reachable (private,
 * loopback, link-local and the other special-purpose blocks, see special-addresses.ts) are
 * refused unless the operator allows them.
 *
 * Two checks, because a name can point anywhere: on create/update the URL's literal address
 * and `localhost` names are refused; at delivery time every address a name resolves to is
 * checked before connecting (see `guardLookup`), which also defeats DNS rebinding.
 */
export const MAX_URL_LENGTH = 2048;

/** Whether a literal IP address is one we must not call (not globally reachable, see special-addresses.ts); a name is not. */
export function isNonGlobalIp(address: string): boolean {
  return isIP(address) !== 0 && isNonGlobalAddress(address);
}

/** Host names that always mean this machine or the local network. */
function isLocalName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === 'localhost.localdomain';
}

/** The host of a URL without IPv6 brackets. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Whether the URL names a non-public destination without resolving DNS (literal addresses, localhost). */
export function isNonGlobalUrl(url: URL): boolean {
  const host = bareHost(url);
  return isLocalName(host) || isNonGlobalIp(host);
}

/** What a refused attempt records (a delivery's error, a feed's last_error). */
export const NON_GLOBAL_DESTINATION = 'destination is not a public address (private, loopback, link-local or special-purpose)';

/** Validates an endpoint URL on create/update; throws 400 parameter_invalid with param `url`. */
export function checkEndpointUrl(raw: string, livemode: boolean, allowPrivate: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('url', `Invalid url: '${raw.slice(0, 100)}' is not an absolute URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid('url', 'Invalid url: webhook URLs must use https (or http in test mode).');
  if (livemode && url.protocol !== 'https:') throw invalid('url', 'Invalid url: live-mode webhook endpoints must use https.');
  if (url.username || url.password) throw invalid('url', 'Invalid url: credentials in the URL are not allowed; use a secret path or check the signature.');
  if (!allowPrivate && isNonGlobalUrl(url)) {
    throw invalid('url', 'Invalid url: only public destinations are allowed, not private, loopback, link-local or other special-purpose addresses.');
  }
  return raw;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `dns.lookup` for outgoing webhook and feed connections that resolves through `resolve`
 * and refuses non-public destinations, so a public name that resolves (or later re-resolves)
 * to an internal address is not reached.
 */
export function guardLookup(resolve: ResolveHost) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { family: options.family, hints: options.hints }, (err, list) => {
      if (err) return callback(err, '');
      const bad = list.find((a) => isNonGlobalIp(a.address));
      if (bad || list.length === 0) {
        // The address itself stays out of the message: it ends up in the delivery's last_error,
        // and the platform must not learn what an internal name resolves to.
        const e: NodeJS.ErrnoException = new Error(`destination ${hostname} resolves to an address that is not public (private, loopback, link-local or special-purpose)`);
        e.code = 'EPRIVATEADDRESS';
        return callback(e, '');
      }
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

/** `guardLookup` over the machine's resolver. */
export const guardedLookup = guardLookup(systemResolveHost);

/**
 * A connection pool for outgoing requests to URLs a customer gave (webhook endpoints, calendar
 * feeds), with one time limit for connecting, headers and body. Unless private destinations
 * are allowed, every name is resolved through `guardLookup(resolve)`, which refuses non-public
 * addresses at connect time.
 */
export function guardedAgent(timeoutMs: number, allowPrivate: boolean, resolve: ResolveHost = systemResolveHost): Agent {
  return new Agent({
    connect: { timeout: timeoutMs, ...(allowPrivate ? {} : { lookup: guardLookup(resolve) }) },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 4_000,
  });
}
