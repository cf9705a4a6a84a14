// Fetches a remote source image for the proxy with the SSRF guards in the connection itself:
// the DNS answer is checked and then used for the connection (no second lookup to rebind),
// redirects are refused, and time and size are bounded.
import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { isIP } from 'node:net'
import { isPrivateAddress } from './private-address.server'

/** True when the proxy may connect to this IP address. */
export type AddressGuard = (ip: string) => boolean

export const publicAddressesOnly: AddressGuard = (ip) => !isPrivateAddress(ip)

export type RemoteFetchOptions = {
  isAllowedAddress: AddressGuard
  timeoutMs: number
  maxBytes: number
}

export type RemoteFetchResult =
  | { ok: true; body: Buffer; contentType: string }
  | { ok: false; status: 403 | 404 | 413 | 415 | 502 | 504; message: string }

class BlockedAddressError extends Error {
  constructor() {
    super('address not allowed')
    this.name = 'BlockedAddressError'
  }
}

/** A `lookup` for http.request that refuses the host when any of its addresses is not allowed. */
function guardedLookup(isAllowed: AddressGuard): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 4)
      // All or nothing: a host that also resolves to a private address is refused outright.
      const first = addresses[0]
      if (!first || !addresses.every((a) => isAllowed(a.address))) return callback(new BlockedAddressError(), '', 4)
      if (options.all) return callback(null, addresses)
      const wanted = options.family === 4 || options.family === 6 ? addresses.find((a) => a.family === options.family) : first
      if (!wanted) return callback(new BlockedAddressError(), '', 4)
      callback(null, wanted.address, wanted.family)
    })
  }
}

const ACCEPT = 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1'

export function fetchRemoteImage(url: URL, options: RemoteFetchOptions): Promise<RemoteFetchResult> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  // IP literals never go through `lookup`, so they are checked here.
  if (isIP(host) && !options.isAllowedAddress(host)) {
    return Promise.resolve({ ok: false, status: 403, message: 'Diese Bildquelle ist nicht erreichbar.' })
  }
  const client = url.protocol === 'https:' ? https : http

  return new Promise<RemoteFetchResult>((resolve) => {
    let settled = false
    const finish = (result: RemoteFetchResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(result)
    }
    const request = client.request(
      url,
      {
        method: 'GET',
        // A fresh connection per fetch: a pooled socket would skip the guarded lookup.
        agent: false,
        lookup: guardedLookup(options.isAllowedAddress),
        headers: { accept: ACCEPT, 'user-agent': 'SonnenlandReisen-Bildproxy/1.0' },
      },
      (response) => {
        const status = response.statusCode ?? 0
        if (status === 404 || status === 410) {
          response.resume()
          return finish({ ok: false, status: 404, message: 'Bild nicht gefunden.' })
        }
        // Redirects are not followed: the target would need the same checks, and image hosts
        // on the allow-list are expected to answer directly.
        if (status !== 200) {
          response.resume()
          return finish({ ok: false, status: 502, message: 'Die Bildquelle hat nicht wie erwartet geantwortet.' })
        }
        const contentType = (response.headers['content-type'] ?? '').toLowerCase()
        if (!contentType.startsWith('image/')) {
          response.resume()
          return finish({ ok: false, status: 415, message: 'Die Quelle liefert kein Bild.' })
        }
        const declared = Number(response.headers['content-length'])
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          response.destroy()
          return finish({ ok: false, status: 413, message: 'Das Bild ist zu groß.' })
        }
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > options.maxBytes) {
            response.destroy()
            return finish({ ok: false, status: 413, message: 'Das Bild ist zu groß.' })
          }
          chunks.push(chunk)
        })
        response.on('end', () => finish({ ok: true, body: Buffer.concat(chunks), contentType }))
        response.on('error', () => finish({ ok: false, status: 502, message: 'Die Bildquelle ist nicht erreichbar.' }))
      },
    )
    // One deadline for connect, headers and body together (a slow drip cannot hold a worker).
    const timer = setTimeout(() => {
      request.destroy()
      finish({ ok: false, status: 504, message: 'Die Bildquelle hat nicht rechtzeitig geantwortet.' })
    }, options.timeoutMs)
    request.on('error', (error) => {
      if (error instanceof BlockedAddressError) finish({ ok: false, status: 403, message: 'Diese Bildquelle ist nicht erreichbar.' })
      else finish({ ok: false, status: 502, message: 'Die Bildquelle ist nicht erreichbar.' })
    })
    request.end()
  })
}
