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

/**
 * What a log line may say about an error: its name and message, but for a failed database query
 * only its name and the database's error code, because the driver's message quotes the query's
 * parameters (names, e-mail addresses, IBANs of a booking).
 */
export function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: 'non-error thrown', type: typeof error }
  const code = databaseCode(error)
  if (code !== undefined || 'params' in error || 'query' in error) return { error: 'database query failed', name: error.name, ...(code ? { code } : {}) }
  return { error: error.message, name: error.name }
}

function databaseCode(error: Error): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code
  }
  return undefined
}

/** Paths that carry tokens are logged without them. */
export function loggablePath(pathname: string): string {
  return pathname
    .replace(/^\/payment\/[^/]+/, '/payment/…')
    .replace(/^\/newsletter\/bestaetigen\/[^/]+/, '/newsletter/bestaetigen/…')
    .replace(/^\/newsletter\/abmelden\/[^/]+/, '/newsletter/abmelden/…')
    .replace(/^\/api\/booking-drafts\/[^/]+/, '/api/booking-drafts/…')
}
