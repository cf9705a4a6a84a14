// Structured one-line JSON logs. Never pass personal data (names, e-mails, query strings).
import { config } from './config.server'

type Level = 'error' | 'info' | 'debug'
const ORDER: Record<Level | 'silent', number> = { silent: 0, error: 1, info: 2, debug: 3 }

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] > ORDER[config().LOG_LEVEL]) return
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })
  if (level === 'error') console.error(line)
  else console.log(line)
}

export function errorFields(error: unknown): Record<string, unknown> {
  return error instanceof Error ? { error: error.message, name: error.name } : { error: String(error) }
}

/** Paths that carry tokens are logged without them. */
export function loggablePath(pathname: string): string {
  return pathname
    .replace(/^\/payment\/[^/]+/, '/payment/…')
    .replace(/^\/newsletter\/bestaetigen\/[^/]+/, '/newsletter/bestaetigen/…')
    .replace(/^\/api\/booking-drafts\/[^/]+/, '/api/booking-drafts/…')
}
