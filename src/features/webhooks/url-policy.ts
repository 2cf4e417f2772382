import { isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent } from 'undici';
import { invalid } from '../../lib/errors.js';

/**
 * Where webhooks may be sent (docs/webhooks.md#destinations): live-mode endpoints need https; private,
 * loopback and link-local destinations are refused unless the operator allows them.
 *
 * Two checks, because a name can point anywhere: on create/update the URL's literal address
 * and `localhost` names are refused; at delivery time every address a name resolves to is
 * checked before connecting (see `guardedLookup`), which also defeats DNS rebinding.
 */
export const MAX_URL_LENGTH = 2048;

const V4_BLOCKED: [number, number][] = [
  [0x00000000, 8], // 0.0.0.0/8 "this network"
  [0x0a000000, 8], // 10/8 private
  [0x64400000, 10], // 100.64/10 carrier-grade NAT
  [0x7f000000, 8], // 127/8 loopback
  [0xa9fe0000, 16], // 169.254/16 link-local (cloud metadata lives here)
  [0xac100000, 12], // 172.16/12 private
  [0xc0000000, 24], // 192.0.0/24 IETF protocol assignments
  [0xc0a80000, 16], // 192.168/16 private
  [0xc6120000, 15], // 198.18/15 benchmarking
  [0xe0000000, 4], // 224/4 multicast
  [0xf0000000, 4], // 240/4 reserved and broadcast
];

function v4ToInt(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function isBlockedV4(address: string): boolean {
  const n = v4ToInt(address);
  return V4_BLOCKED.some(([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
}

/** Expands an IPv6 address to 8 groups of 16 bits (handles `::` and a trailing dotted IPv4). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4ToInt(dotted[1]);
    text = text.slice(0, -dotted[1].length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined ? (tail ? tail.split(':') : []) : [];
  const zeros = tail !== undefined ? new Array(8 - h.length - t.length).fill('0') : [];
  return [...h, ...zeros, ...t].map((g) => parseInt(g, 16));
}

function isBlockedV6(address: string): boolean {
  const g = v6Groups(address);
  if (g.length !== 8 || g.some((x) => Number.isNaN(x))) return true;
  const allZeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::/96: the unspecified address, loopback, and the deprecated IPv4-compatible form
  // (::127.0.0.1 is written [::7f00:1] by the URL parser). Nothing public lives there.
  if (allZeroUpTo(6)) return true;
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d) and the NAT64 prefix
  // 64:ff9b::/96 carry an IPv4 address in their last 32 bits: judge that address.
  const embedded = `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
  if (allZeroUpTo(5) && g[5] === 0xffff) return isBlockedV4(embedded);
  if (allZeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return isBlockedV4(embedded);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return isBlockedV4(embedded);
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return true; // 64:ff9b:1::/48 local-use NAT64
  // 6to4 (2002::/16) carries an IPv4 address in bits 16-47.
  if (g[0] === 0x2002) return isBlockedV4(`${g[1] >> 8}.${g[1] & 255}.${g[2] >> 8}.${g[2] & 255}`);
  if (g[0] === 0x2001 && g[1] < 0x200) return true; // 2001::/23 IETF protocol assignments (Teredo, benchmarking, …)
  if (g[0] === 0x2001 && g[1] === 0xdb8) return true; // 2001:db8::/32 documentation
  if (g[0] === 0x100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return true; // 100::/64 discard-only
  if ((g[0] & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((g[0] & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g[0] & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  return false;
}

/** Whether an IP address is private, loopback, link-local or otherwise not a public destination. */
export function isPrivateAddress(address: string): boolean {
  const kind = isIP(address);
  if (kind === 4) return isBlockedV4(address);
  if (kind === 6) return isBlockedV6(address);
  return false;
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

/** Whether the URL names a private destination without resolving DNS (literal addresses, localhost). */
export function isPrivateUrl(url: URL): boolean {
  const host = bareHost(url);
  return isLocalName(host) || isPrivateAddress(host);
}

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
  if (!allowPrivate && isPrivateUrl(url)) {
    throw invalid('url', 'Invalid url: private, loopback and link-local destinations are not allowed.');
  }
  return raw;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `dns.lookup` for outgoing webhook connections that refuses private destinations, so a
 * public name that resolves (or later re-resolves) to an internal address is not reached.
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad || list.length === 0) {
      // The address itself stays out of the message: it ends up in the delivery's last_error,
      // and the platform must not learn what an internal name resolves to.
      const e: NodeJS.ErrnoException = new Error(`destination ${hostname} resolves to a private, loopback or link-local address`);
      e.code = 'EPRIVATEADDRESS';
      return callback(e, '');
    }
    if (options.all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}

/**
 * A connection pool for outgoing requests to URLs a customer gave (webhook endpoints, calendar
 * feeds), with one time limit for connecting, headers and body. Unless private destinations
 * are allowed, every name is resolved through `guardedLookup`, which refuses private
 * addresses at connect time.
 */
export function guardedAgent(timeoutMs: number, allowPrivate: boolean): Agent {
  return new Agent({
    connect: { timeout: timeoutMs, ...(allowPrivate ? {} : { lookup: guardedLookup }) },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 4_000,
  });
}
