// Decides whether an IP literal is a public internet address. The image proxy connects only to
// those, so that an allowed host name cannot be pointed (by DNS) at the machine itself, the
// local network or a cloud metadata service (SSRF). Pure: no lookups here.

type V4 = [number, number, number, number]

/** Parses dotted-quad IPv4 (four decimal parts, no leading zeros beyond "0"); null otherwise. */
export function parseIPv4(text: string): V4 | null {
  const parts = text.split('.')
  if (parts.length !== 4) return null
  const out: number[] = []
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null
    const n = Number(part)
    if (n > 255) return null
    out.push(n)
  }
  const [a = 0, b = 0, c = 0, d = 0] = out
  return [a, b, c, d]
}

/** Parses IPv6 (with ::, an embedded IPv4 tail and an optional %zone) into eight 16-bit groups. */
export function parseIPv6(text: string): number[] | null {
  let s = text
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1)
  const zone = s.indexOf('%')
  if (zone !== -1) s = s.slice(0, zone)
  if (!/^[0-9a-fA-F:.]+$/.test(s)) return null

  let tail: number[] = []
  const lastColon = s.lastIndexOf(':')
  if (s.includes('.')) {
    const v4 = parseIPv4(s.slice(lastColon + 1))
    if (!v4) return null
    tail = [(v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]]
    s = s.slice(0, lastColon + 1)
    // "::1.2.3.4" leaves "::", "::ffff:1.2.3.4" leaves "::ffff:": drop the separator before the tail.
    if (s.endsWith(':') && !s.endsWith('::')) s = s.slice(0, -1)
  }

  const halves = s.split('::')
  if (halves.length > 2) return null
  const groups = (part: string): number[] | null => {
    if (part === '') return []
    const out: number[] = []
    for (const g of part.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null
      out.push(parseInt(g, 16))
    }
    return out
  }
  const head = groups(halves[0] ?? '')
  if (!head) return null
  if (halves.length === 1) {
    const all = [...head, ...tail]
    return all.length === 8 ? all : null
  }
  const rest = groups(halves[1] ?? '')
  if (!rest) return null
  const fill = 8 - head.length - rest.length - tail.length
  if (fill < 1) return null
  return [...head, ...new Array<number>(fill).fill(0), ...rest, ...tail]
}

function inV4(ip: V4, base: V4, bits: number): boolean {
  const n = ((ip[0] << 24) | (ip[1] << 16) | (ip[2] << 8) | ip[3]) >>> 0
  const b = ((base[0] << 24) | (base[1] << 16) | (base[2] << 8) | base[3]) >>> 0
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0
  return (n & mask) === (b & mask)
}

// Everything that is not ordinary public unicast: "this network", private (RFC 1918), carrier
// NAT, loopback, link-local (cloud metadata at 169.254.169.254), IETF protocol assignments,
// documentation, benchmarking, multicast, reserved and broadcast.
const V4_BLOCKED: Array<[V4, number]> = [
  [[0, 0, 0, 0], 8],
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10],
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16],
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24],
  [[192, 0, 2, 0], 24],
  [[192, 88, 99, 0], 24],
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15],
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4],
  [[240, 0, 0, 0], 4],
]

function isPrivateV4(ip: V4): boolean {
  return V4_BLOCKED.some(([base, bits]) => inV4(ip, base, bits))
}

function isPrivateV6(g: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g
  const embeddedV4: V4 = [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff]
  // ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4 address inside.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return isPrivateV4(embeddedV4)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isPrivateV4(embeddedV4)
  // Only global unicast (2000::/3) is public; that excludes ::, ::1, IPv4-compatible ::/96,
  // fc00::/7 (unique local), fe80::/10 (link-local), fec0::/10 and ff00::/8 (multicast).
  if ((g0 & 0xe000) !== 0x2000) return true
  if (g0 === 0x2001 && g1 === 0x0db8) return true // documentation
  if (g0 === 0x2001 && g1 < 0x0200) return true // Teredo, benchmarking, ORCHID and other IETF blocks
  if (g0 === 0x2002) return true // 6to4 tunnels to any IPv4 address, private ones included
  return false
}

/**
 * True unless `ip` is a syntactically valid, public unicast IPv4 or IPv6 address. Anything that
 * does not parse counts as private: the proxy fails closed.
 */
export function isPrivateAddress(ip: string): boolean {
  const v4 = parseIPv4(ip)
  if (v4) return isPrivateV4(v4)
  const v6 = parseIPv6(ip)
  if (v6) return isPrivateV6(v6)
  return true
}
