// TRUSTED_PROXY's entries (read by config.server.ts) and the list of proxies made from them
// (used by client-address.server.ts): an address, or a network in CIDR notation.
import { BlockList, isIP } from 'node:net'

/** One TRUSTED_PROXY entry: an IPv4 or IPv6 address, or a network in CIDR notation. */
export type ProxyEntry = { address: string; prefix: number | null; family: 'ipv4' | 'ipv6' }

/** Reads one entry; null when it is neither an address nor a CIDR network. */
export function parseProxyEntry(entry: string): ProxyEntry | null {
  const [address = '', prefixText, extra] = entry.trim().split('/')
  if (extra !== undefined) return null
  const version = isIP(address)
  if (version === 0) return null
  const family = version === 4 ? 'ipv4' : 'ipv6'
  if (prefixText === undefined) return { address, prefix: null, family }
  if (!/^[0-9]{1,3}$/.test(prefixText)) return null
  const prefix = Number(prefixText)
  if (prefix > (version === 4 ? 32 : 128)) return null
  return { address, prefix, family }
}

/** The trusted proxies as a BlockList, or null when no proxy is trusted. */
export function trustedProxies(entries: readonly ProxyEntry[]): BlockList | null {
  if (entries.length === 0) return null
  const list = new BlockList()
  for (const e of entries) {
    if (e.prefix === null) list.addAddress(e.address, e.family)
    else list.addSubnet(e.address, e.prefix, e.family)
  }
  return list
}
