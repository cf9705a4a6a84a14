// Which address a request comes from, for per-client limits. The socket's peer is the client,
// unless that peer is one of the proxies named in TRUSTED_PROXY: then X-Forwarded-For is read
// from the right (each proxy appends the address it saw), skipping trusted proxies, and the first
// address no trusted proxy owns is the client. Entries further left were written by the client
// itself and are never believed, so a forged header cannot pick another client's limit.
import { isIP } from 'node:net'
import type { BlockList } from 'node:net'
import { config } from '../config.server'
import { trustedProxies } from './trusted-proxies.server'

let configured: BlockList | null | undefined

/** The proxies of TRUSTED_PROXY (read once). */
export function configuredTrustedProxies(): BlockList | null {
  if (configured === undefined) configured = trustedProxies(config().TRUSTED_PROXY)
  return configured
}

/** '::ffff:127.0.0.1' is how a dual-stack socket shows an IPv4 peer; '[::1]' how some proxies write IPv6. */
function normalise(address: string): string {
  const bare = address.trim().replace(/^\[(.*)\]$/, '$1')
  const mapped = /^::ffff:([0-9.]+)$/i.exec(bare)
  return mapped?.[1] && isIP(mapped[1]) === 4 ? mapped[1] : bare
}

function isTrusted(list: BlockList, address: string): boolean {
  const version = isIP(address)
  return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6')
}

/** Whether the socket's peer is one of the trusted proxies (whose forwarded headers count). */
export function fromTrustedProxy(peer: string | undefined, trusted: BlockList | null): boolean {
  const direct = peer ? normalise(peer) : ''
  return trusted !== null && direct !== '' && isTrusted(trusted, direct)
}

/**
 * The client's address. `peer` is the socket's remote address, `forwardedFor` the request's
 * X-Forwarded-For header, `trusted` the TRUSTED_PROXY list (null: trust no header at all).
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | null, trusted: BlockList | null): string {
  const direct = peer ? normalise(peer) : ''
  if (!fromTrustedProxy(peer, trusted) || !forwardedFor) return direct || 'unbekannt'
  const hops = forwardedFor.split(',').map(normalise)
  let client = direct
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] ?? ''
    // Not an address: whatever the nearest proxy saw before it is the last thing we can vouch for.
    if (isIP(hop) === 0) return client
    client = hop
    if (!fromTrustedProxy(hop, trusted)) return hop
  }
  return client
}

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail counts as two, zone ids are dropped). */
function ipv6Groups(address: string): string[] {
  const bare = address.split('%')[0] ?? ''
  const groups = (part: string) => (part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])))
  const gap = bare.indexOf('::')
  if (gap === -1) return groups(bare)
  const head = groups(bare.slice(0, gap))
  const tail = groups(bare.slice(gap + 2))
  return [...head, ...Array<string>(Math.max(0, 8 - head.length - tail.length)).fill('0'), ...tail]
}

/**
 * Who a per-client limit counts: an IPv4 address as it is, an IPv6 address as its /64 network.
 * A household's or a server's connection gets a whole /64 and may pick any of its 2^64 addresses,
 * so counting single IPv6 addresses would give one client endless budgets.
 */
export function limitedClient(address: string): string {
  if (isIP(address) !== 6) return address
  const network = ipv6Groups(address)
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')
  return `${network}::/64`
}
