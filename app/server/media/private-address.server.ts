// Decides whether an IP literal is a public internet address. The image proxy connects only to
// those, so that an allowed host name cannot be pointed (by DNS) at the machine itself, the
// local network or a cloud metadata service (SSRF). Parsing and matching are node:net's
// (`isIP`, `BlockList`); no lookups here.
import { BlockList, isIP } from 'node:net'

// Everything that is not ordinary public unicast. IPv4: "this network", private (RFC 1918),
// carrier NAT, loopback, link-local (cloud metadata at 169.254.169.254), IETF protocol
// assignments, documentation, benchmarking, multicast, reserved and broadcast. A BlockList's IPv4
// rules also match the IPv4-mapped IPv6 form (::ffff:a.b.c.d). IPv6 within 2000::/3: documentation,
// Teredo, benchmarking, ORCHID and the other IETF blocks of 2001::/23, and 6to4 tunnels (to any
// IPv4 address, private ones included).
const BLOCKED = new BlockList()
for (const [base, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(base, bits, 'ipv4')
for (const [base, bits] of [
  ['2001:db8::', 32],
  ['2001::', 23],
  ['2002::', 16],
] as const)
  BLOCKED.addSubnet(base, bits, 'ipv6')

/** IPv6 global unicast: outside it are ::, ::1, ::/96, unique local, link-local, site-local, multicast and NAT64. */
const GLOBAL_UNICAST = new BlockList()
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6')

const IPV4_MAPPED = new BlockList()
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6')

/**
 * True unless `ip` is a syntactically valid, public unicast IPv4 or IPv6 address. Anything that
 * does not parse counts as private: the proxy fails closed.
 */
export function isPrivateAddress(ip: string): boolean {
  const version = isIP(ip)
  if (version === 4) return BLOCKED.check(ip, 'ipv4')
  if (version !== 6) return true
  // ::ffff:a.b.c.d is the IPv4 address inside: the IPv4 rules decide.
  if (IPV4_MAPPED.check(ip, 'ipv6')) return BLOCKED.check(ip, 'ipv6')
  return !GLOBAL_UNICAST.check(ip, 'ipv6') || BLOCKED.check(ip, 'ipv6')
}
