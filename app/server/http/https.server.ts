// Whether a request reached the site over HTTPS: directly, behind the TLS proxy that an https
// SITE_URL speaks for, or as a trusted proxy (TRUSTED_PROXY) says in X-Forwarded-Proto. One answer
// for Strict-Transport-Security and for the cookies' Secure flag.
import { config } from '../config.server'
import { configuredTrustedProxies, fromTrustedProxy } from './client-address.server'
import { servedOverHttps } from './headers'

/** `ip` is the socket's peer, as the Node server hands it over. */
export function requestOverHttps(request: Request & { ip?: string }): boolean {
  const forwardedProto = fromTrustedProxy(request.ip, configuredTrustedProxies()) ? request.headers.get('x-forwarded-proto') : null
  return servedOverHttps(new URL(request.url).protocol, config().SITE_URL, forwardedProto)
}
