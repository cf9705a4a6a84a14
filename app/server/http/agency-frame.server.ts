// What the Content-Security-Policy says about the agency login frame (DESIGN 7): every page may
// load the configured frame (frame-src), and the project's own frame page may be embedded by the
// agency host and the public site (frame-ancestors), not by anyone else.
import type { Config } from '../config.server'

/** The path of the project's own login frame page. */
export const AGENCY_FRAME_PATH = '/agentur-login-frame/'

/** The frame's origin when AGENCY_LOGIN_FRAME_URL is absolute; a relative URL is 'self'. */
export function agencyFrameSources(cfg: Pick<Config, 'AGENCY_LOGIN_FRAME_URL'>): string[] {
  if (!/^https?:\/\//i.test(cfg.AGENCY_LOGIN_FRAME_URL)) return []
  try {
    return [new URL(cfg.AGENCY_LOGIN_FRAME_URL).origin]
  } catch {
    return []
  }
}

/**
 * Who may embed the own frame page, besides 'self': the agency host (any port when AGENCY_HOST
 * names none; http only when this site itself is served over http) and SITE_URL.
 */
export function agencyFrameAncestors(cfg: Pick<Config, 'AGENCY_HOST' | 'SITE_URL'>, pathname: string, protocol: string): string[] {
  if (pathname !== AGENCY_FRAME_PATH) return []
  const out: string[] = []
  const host = cfg.AGENCY_HOST.trim().toLowerCase()
  if (/^[a-z0-9.-]+(:[0-9]{1,5})?$/.test(host)) {
    const withPort = host.includes(':') ? host : `${host}:*`
    out.push(`https://${withPort}`)
    if (protocol === 'http:') out.push(`http://${withPort}`)
  }
  if (cfg.SITE_URL) out.push(new URL(cfg.SITE_URL).origin)
  return out
}
