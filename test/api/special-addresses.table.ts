/**
 * Every block of the IANA IPv4 and IPv6 Special-Purpose Address Registries, with an address
 * in it and whether the registry calls it globally reachable (docs/webhooks.md#destinations),
 * plus multicast, site-local, the IETF-reserved IPv6 space and public controls.
 */
export interface AddressCase {
  /** The registry block (or what else the row checks). */
  block: string;
  address: string;
  /** Allowed as a destination (globally reachable). */
  global: boolean;
}

const refused = (block: string, ...addresses: string[]): AddressCase[] => addresses.map((address) => ({ block, address, global: false }));
const allowed = (block: string, ...addresses: string[]): AddressCase[] => addresses.map((address) => ({ block, address, global: true }));

export const IPV4_CASES: AddressCase[] = [
  ...refused('0.0.0.0/8 "This network"', '0.0.0.0', '0.1.2.3'),
  ...refused('10.0.0.0/8 Private-Use', '10.20.30.40'),
  ...refused('100.64.0.0/10 Shared Address Space', '100.64.0.1', '100.127.255.254'),
  ...refused('127.0.0.0/8 Loopback', '127.0.0.1', '127.255.255.254'),
  ...refused('169.254.0.0/16 Link Local', '169.254.169.254'),
  ...refused('172.16.0.0/12 Private-Use', '172.16.0.1', '172.31.255.254'),
  ...refused('192.0.0.0/24 IETF Protocol Assignments', '192.0.0.1', '192.0.0.8', '192.0.0.11', '192.0.0.170', '192.0.0.171', '192.0.0.255'),
  ...allowed('192.0.0.9/32 Port Control Protocol Anycast', '192.0.0.9'),
  ...allowed('192.0.0.10/32 Traversal Using Relays around NAT Anycast', '192.0.0.10'),
  ...refused('192.0.2.0/24 Documentation (TEST-NET-1)', '192.0.2.1'),
  ...allowed('192.31.196.0/24 AS112-v4', '192.31.196.1'),
  ...allowed('192.52.193.0/24 AMT', '192.52.193.1'),
  ...refused('192.88.99.0/24 Deprecated (6to4 Relay Anycast)', '192.88.99.1', '192.88.99.2'),
  ...refused('192.168.0.0/16 Private-Use', '192.168.1.10'),
  ...allowed('192.175.48.0/24 Direct Delegation AS112 Service', '192.175.48.1'),
  ...refused('198.18.0.0/15 Benchmarking', '198.18.0.1', '198.19.255.254'),
  ...refused('198.51.100.0/24 Documentation (TEST-NET-2)', '198.51.100.7'),
  ...refused('203.0.113.0/24 Documentation (TEST-NET-3)', '203.0.113.7'),
  ...refused('240.0.0.0/4 Reserved', '240.0.0.1', '254.1.2.3'),
  ...refused('255.255.255.255/32 Limited Broadcast', '255.255.255.255'),
  ...refused('224.0.0.0/4 multicast', '224.0.0.1', '239.255.255.250'),
  ...allowed('public unicast', '8.8.8.8', '100.128.0.1', '172.32.0.1', '192.0.1.1', '198.20.0.1'),
];

export const IPV6_CASES: AddressCase[] = [
  ...refused('::/128 Unspecified Address', '::'),
  ...refused('::1/128 Loopback Address', '::1'),
  ...refused('::ffff:0:0/96 IPv4-mapped Address', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:8.8.8.8'),
  ...refused('::/96 IPv4-compatible (deprecated)', '::127.0.0.1', '::8.8.8.8'),
  ...refused('::ffff:0:0:0/96 IPv4-translated', '::ffff:0:10.0.0.1', '::ffff:0:8.8.8.8'),
  ...refused('64:ff9b::/96 IPv4-IPv6 Translat. of a non-global address', '64:ff9b::10.0.0.1', '64:ff9b::127.0.0.1', '64:ff9b::192.0.2.1', '64:ff9b::100.64.0.1'),
  ...allowed('64:ff9b::/96 IPv4-IPv6 Translat. of a public address', '64:ff9b::8.8.8.8'),
  ...refused('64:ff9b:1::/48 IPv4-IPv6 Translat. (local use)', '64:ff9b:1::a00:1', '64:ff9b:1::808:808'),
  ...refused('100::/64 Discard-Only Address Block', '100::1'),
  ...refused('100:0:0:1::/64 Dummy IPv6 Prefix', '100:0:0:1::1'),
  ...refused('2001::/23 IETF Protocol Assignments', '2001:1::4', '2001:5::1', '2001:1ff::1'),
  // Teredo: server address in bits 32-63, client address inverted in bits 96-127.
  ...refused('2001::/32 TEREDO with a non-global server or client', '2001:0:a00:1::fefe:fefe', '2001:0:808:808::f5ff:fffe', '2001:0:808:808::80ff:fffe'),
  ...allowed('2001::/32 TEREDO between public addresses', '2001:0:808:808::fefe:fefe'),
  ...allowed('2001:1::1/128 Port Control Protocol Anycast', '2001:1::1'),
  ...allowed('2001:1::2/128 Traversal Using Relays around NAT Anycast', '2001:1::2'),
  ...allowed('2001:1::3/128 DNS-SD Service Registration Protocol Anycast', '2001:1::3'),
  ...refused('2001:2::/48 Benchmarking', '2001:2::1', '2001:2:0:ffff::1'),
  ...allowed('2001:3::/32 AMT', '2001:3::1'),
  ...allowed('2001:4:112::/48 AS112-v6', '2001:4:112::1'),
  ...refused('2001:10::/28 Deprecated (ORCHID)', '2001:10::1'),
  ...allowed('2001:20::/28 ORCHIDv2', '2001:20::1'),
  ...allowed('2001:30::/28 Drone Remote ID Protocol Entity Tags (DETs) Prefix', '2001:30::1'),
  ...refused('2001:db8::/32 Documentation', '2001:db8::1'),
  ...refused('2002::/16 6to4 of a non-global address', '2002:a00:1::1', '2002:7f00:1::1', '2002:c0a8:101::1', '2002:a9fe:a9fe::1'),
  ...allowed('2002::/16 6to4 of a public address', '2002:808:808::1'),
  ...allowed('2620:4f:8000::/48 Direct Delegation AS112 Service', '2620:4f:8000::1'),
  ...refused('3fff::/20 Documentation', '3fff::1', '3fff:fff:ffff::1'),
  ...refused('5f00::/16 Segment Routing (SRv6) SIDs', '5f00::1'),
  ...refused('fc00::/7 Unique-Local', 'fc00::1', 'fd12:3456::1'),
  ...refused('fe80::/10 Link-Local Unicast', 'fe80::1', 'febf::1'),
  ...refused('fec0::/10 site-local (deprecated)', 'fec0::1', 'feff::1'),
  ...refused('ff00::/8 multicast', 'ff02::1', 'ff0e::1'),
  ...refused('outside 2000::/3 (reserved by the IETF)', '1000::1', '4000::1', '8000::1'),
  ...allowed('public unicast', '2606:4700:4700::1111', '2a00:1450:4001::200e', '3fff:1000::1'),
];

export const ADDRESS_CASES = [...IPV4_CASES, ...IPV6_CASES];

/** The address as the host of a URL. */
export const urlHost = (address: string) => (address.includes(':') ? `[${address}]` : address);
