/**
 * Whether an IP address is globally reachable: the one rule for every URL a customer gives us
 * to call (webhook endpoints, calendar feeds), at create time and when a name resolves.
 * docs/webhooks.md#destinations explains it; its sources are the IANA IPv4 and IPv6
 * Special-Purpose Address Registries (RFC 6890 and its updates), read as follows:
 *
 * - The most specific registry entry decides. An entry whose "Globally Reachable" column is
 *   False is refused; True is allowed, also inside a larger False block (192.0.0.9/32 in
 *   192.0.0.0/24). An entry with no value (N/A) that embeds IPv4 addresses (6to4, Teredo;
 *   and the NAT64 well-known prefix, True, but only as reachable as where it leads) is judged
 *   by those embedded addresses; the deprecated N/A entries without one (192.88.99.0/24 6to4
 *   relay anycast, 2001:10::/28 ORCHID) are refused.
 * - Multicast (224.0.0.0/4, ff00::/8), not in those registries, is refused: it is not one
 *   destination. So is IPv6 outside 2000::/3, the only space the IANA IPv6 Address Space
 *   registry allocates to global unicast (site-local fec0::/10, IPv4-compatible ::/96 and the
 *   rest of the IETF-reserved space), except the NAT64 prefix above.
 *
 * Parsing and most blocks come from ipaddr.js (its `range()` names); the small tables below
 * hold only what those names do not tell apart.
 */
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Cidr = [Address, number];

const cidr = (text: string): Cidr => ipaddr.parseCIDR(text);

/** ipaddr.js range names whose every address is not globally reachable. */
const NOT_GLOBAL_V4_RANGES = new Set([
  'unspecified', // 0.0.0.0/8 "This network"
  'private', // 10/8, 172.16/12, 192.168/16 Private-Use
  'carrierGradeNat', // 100.64.0.0/10 Shared Address Space
  'loopback', // 127.0.0.0/8 Loopback
  'linkLocal', // 169.254.0.0/16 Link Local
  // 192.0.0.0/24 IETF Protocol Assignments, 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24
  // Documentation, 192.88.99.0/24 Deprecated (6to4 Relay Anycast), 198.18.0.0/15
  // Benchmarking, 240.0.0.0/4 Reserved
  'reserved',
  'broadcast', // 255.255.255.255/32 Limited Broadcast
  'multicast', // 224.0.0.0/4, not one destination
]);
// Left out, so allowed: 'as112' (192.31.196.0/24 AS112-v4, 192.175.48.0/24 Direct
// Delegation AS112 Service) and 'amt' (192.52.193.0/24 AMT): globally reachable.

const NOT_GLOBAL_V6_RANGES = new Set([
  'unspecified', // ::/128 Unspecified Address
  'loopback', // ::1/128 Loopback Address
  'ipv4Mapped', // ::ffff:0:0/96 IPv4-mapped Address
  'rfc6145', // ::ffff:0:0:0/96 IPv4-translated (IETF-reserved ::/8, not in 2000::/3)
  'discard', // 100::/64 Discard-Only Address Block
  'benchmarking', // 2001:2::/48 Benchmarking
  'deprecatedOrchid', // 2001:10::/28 Deprecated (ORCHID)
  // 2001::/23 IETF Protocol Assignments, 2001:db8::/32 and 3fff::/20 Documentation
  'reserved',
  'segmentRouting', // 5f00::/16 Segment Routing (SRv6) SIDs
  'uniqueLocal', // fc00::/7 Unique-Local
  'linkLocal', // fe80::/10 Link-Local Unicast
  'deprecatedSiteLocal', // fec0::/10 site-local (deprecated by RFC 3879; IPv6 Address Space registry)
  'multicast', // ff00::/8, not one destination
]);
// Left out, so allowed: 'amt' (2001:3::/32 AMT), 'as112v6' (2001:4:112::/48 AS112-v6,
// 2620:4f:8000::/48 Direct Delegation AS112 Service), 'orchid2' (2001:20::/28 ORCHIDv2),
// 'droneRemoteIdProtocolEntityTags' (2001:30::/28 Drone Remote ID Protocol Entity Tags):
// globally reachable. 'rfc6052', '6to4' and 'teredo' are judged by what they embed.

/** Globally reachable entries inside a block that ipaddr.js names as a whole. */
const GLOBAL_EXCEPTIONS: Cidr[] = [
  cidr('192.0.0.9/32'), // Port Control Protocol Anycast (in 192.0.0.0/24)
  cidr('192.0.0.10/32'), // Traversal Using Relays around NAT Anycast (in 192.0.0.0/24)
  cidr('2001:1::1/128'), // Port Control Protocol Anycast (in 2001::/23)
  cidr('2001:1::2/128'), // Traversal Using Relays around NAT Anycast (in 2001::/23)
  cidr('2001:1::3/128'), // DNS-SD Service Registration Protocol Anycast (in 2001::/23)
];

/** Not globally reachable entries that no ipaddr.js range name covers on its own. */
const NOT_GLOBAL_BLOCKS: Cidr[] = [
  cidr('64:ff9b:1::/48'), // IPv4-IPv6 Translat. (local use); ipaddr.js names it with 64:ff9b::/96
  cidr('100:0:0:1::/64'), // Dummy IPv6 Prefix
  cidr('::/96'), // IPv4-compatible (deprecated by RFC 4291), in the IETF-reserved ::/8
];

const NAT64_WELL_KNOWN = cidr('64:ff9b::/96'); // IPv4-IPv6 Translat., globally reachable
const GLOBAL_UNICAST = cidr('2000::/3'); // IPv6 Address Space registry: Global Unicast

const inAny = (address: Address, blocks: Cidr[]) => blocks.some(([net, bits]) => net.kind() === address.kind() && address.match(net, bits));

/** The IPv4 address in two 16-bit parts of an IPv6 address (Teredo stores its client's inverted). */
function embeddedV4(v6: ipaddr.IPv6, at: number, invert = false): ipaddr.IPv4 {
  const [high, low] = [v6.parts[at], v6.parts[at + 1]].map((p) => (invert ? p ^ 0xffff : p));
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function isGlobal(address: Address): boolean {
  if (inAny(address, GLOBAL_EXCEPTIONS)) return true;
  if (inAny(address, NOT_GLOBAL_BLOCKS)) return false;
  if (address.kind() === 'ipv4') return !NOT_GLOBAL_V4_RANGES.has(address.range());
  const v6 = address as ipaddr.IPv6;
  const range: string = v6.range();
  if (range === 'rfc6052' && v6.match(...NAT64_WELL_KNOWN)) return isGlobal(embeddedV4(v6, 6));
  if (range === '6to4') return isGlobal(embeddedV4(v6, 1)); // 2002:AABB:CCDD::/48 is AA.BB.CC.DD
  if (range === 'teredo') return isGlobal(embeddedV4(v6, 2)) && isGlobal(embeddedV4(v6, 6, true)); // server, client
  if (NOT_GLOBAL_V6_RANGES.has(range)) return false;
  return v6.match(...GLOBAL_UNICAST);
}

/**
 * Whether `text`, an IP address as `net.isIP` accepts it, is one we must not call: not
 * globally reachable per the registries (see above). Anything that does not parse counts as
 * not global.
 */
export function isNonGlobalAddress(text: string): boolean {
  if (!ipaddr.isValid(text)) return true;
  return !isGlobal(ipaddr.parse(text));
}
