// Reads the environment once, validates it with zod, and stops the process with a one-line
// message naming the variable when a value is wrong.
import * as z from 'zod/mini'
import '~/lib/zod-de'
import { isValidIban } from '~/lib/booking/iban'
import { parseProxyEntry } from './http/trusted-proxies.server'
import type { ProxyEntry } from './http/trusted-proxies.server'

// An empty value (`DATABASE_URL=` in an env file) means unset, the same as a missing one.
const optionalUrl = z.pipe(
  z.optional(z.string().check(z.trim())),
  z.transform((v) => v || undefined),
)

const csv = z.pipe(
  z.optional(z.string()),
  z.transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
)

const envSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'production'),
  PORT: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(65535)), 3000),
  DATABASE_URL: z.pipe(
    optionalUrl,
    z.optional(z.string().check(z.regex(/^postgres(ql)?:\/\//, 'muss mit postgres:// oder postgresql:// beginnen'))),
  ),
  DATA_DIR: z._default(z.string().check(z.trim(), z.minLength(1)), './.data'),
  DATABASE_POOL_SIZE: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 10),
  SEED_TRIPS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 200),
  /** Demo bookings the demo seed writes (issue 25: an office that looks like a real one). */
  SEED_BOOKINGS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)), 400),
  /** `demo`: an empty PostgreSQL (DATABASE_URL) gets the demo catalogue; the embedded database always does. */
  SEED: z.optional(z.enum(['demo'], 'muss demo sein oder fehlen')),
  /** Optional secret for `/?debug=…` and `/api/cache-clear`; without it both are only rate-limited. */
  CACHE_CLEAR_TOKEN: z.optional(z.string().check(z.minLength(16, 'mindestens 16 Zeichen'))),
  /** Memory for rendered pages kept for anonymous visitors (app/server/http/page-cache.server.ts); 0 turns it off. */
  PAGE_CACHE_MB: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(4096)), 64),
  /** Public origin of the site, used for canonical URLs, sitemaps and CSRF checks behind a proxy. */
  SITE_URL: z.optional(z.url()),
  /** A JSON file overriding the operator's identity field by field (app/server/site.server.ts). */
  SITE_CONFIG_FILE: optionalUrl,
  /** The host on which the agency login dialog shows (spec 4). */
  AGENCY_HOST: z._default(z.string().check(z.trim()), 'agentur.localhost'),
  /** Origin of the embedded agency login frame; messages from any other origin are ignored. */
  AGENCY_LOGIN_FRAME_URL: z._default(z.string().check(z.trim()), '/agentur-login-frame/'),
  /** Hosts (and alias=url pairs) the image proxy may fetch from besides this site. */
  IMAGE_ALLOWED_HOSTS: csv,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z._default(z.string(), 'Sonnenland Reisen <info@sonnenland-reisen.example>'),
  /** Days after delivery when a sent mail's body is deleted from the outbox (the row stays as the record). */
  MAIL_BODY_DAYS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(3650)), 30),
  /**
   * 'off' starts no scheduled jobs (reminders, travel documents): for the browser tests' and the
   * benchmarks' servers, whose mail counts and timings must not include them (the jobs have tests of their own).
   */
  SCHEDULED_JOBS: z._default(z.enum(['on', 'off']), 'on'),
  /** How many days before departure a paid booking gets its travel documents by mail (issue 26). */
  TRAVEL_DOCUMENTS_DAYS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(90)), 14),
  LOG_LEVEL: z._default(z.enum(['silent', 'error', 'info', 'debug']), 'info'),
  /**
   * Proxies (addresses or CIDR networks, comma-separated) whose X-Forwarded-For is believed when
   * the per-client limits ask who a client is. Unset: the socket's peer is the client.
   */
  TRUSTED_PROXY: z.pipe(csv, z.transform((entries, ctx) => {
    const parsed: ProxyEntry[] = []
    for (const entry of entries) {
      const proxy = parseProxyEntry(entry)
      if (proxy) parsed.push(proxy)
      // zod/mini's transform context has no addIssue; an issue pushed here is reported the same way.
      else ctx.issues.push({ code: 'custom', message: `„${entry}“ ist keine IP-Adresse und kein Netz wie 10.0.0.0/8`, input: entries })
    }
    return parsed
  })),
  /**
   * Multiplies the per-client limits on drafts, saves, bookings and image renders
   * (app/server/http/client-limits.server.ts): more for an office of agency staff behind one address.
   */
  CLIENT_LIMIT_SCALE: z._default(z.coerce.number().check(z.gte(0.1), z.lte(10_000)), 1),
  /** Days after which a newsletter sign-up that was never confirmed is deleted. */
  NEWSLETTER_PENDING_DAYS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(90)), 7),
  /** Booking: minutes a picked seat stays held; activity extends it up to BOOKING_HOLD_MAX_MINUTES. */
  BOOKING_HOLD_MINUTES: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(120)), 20),
  BOOKING_HOLD_MAX_MINUTES: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(240)), 60),
  /** Minutes without activity after which a draft and its personal data are deleted. */
  BOOKING_DRAFT_MINUTES: z._default(z.coerce.number().check(z.int(), z.gte(5), z.lte(7 * 24 * 60)), 120),
  /** Deposit due on booking, percent of the total (BGH X ZR 85/12: 20 % is the accepted norm). */
  BOOKING_DEPOSIT_PERCENT: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(100)), 20),
  /** The balance is due this many days before departure; closer than that, the full price at once. */
  BOOKING_BALANCE_DAYS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(365)), 30),
  /** Days after a trip's return date until which the confirmation link in the mail and the PDF works. */
  BOOKING_CONFIRMATION_LINK_DAYS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(3650)), 90),
  /** Secret for signed payment and success links (HMAC-SHA256); set it in production. */
  BOOKING_LINK_SECRET: z.optional(z.string().check(z.minLength(32, 'mindestens 32 Zeichen'))),
  /** Secret that encrypts the office's two-factor secrets and signs its session cookies; set it in production (else one kept in the database). */
  OFFICE_AUTH_SECRET: z.optional(z.string().check(z.minLength(32, 'mindestens 32 Zeichen'))),
  CUSTOMER_AUTH_SECRET: z.optional(z.string().check(z.minLength(32, 'mindestens 32 Zeichen'))),
  /** Minutes without a request after which an office session has ended. */
  OFFICE_SESSION_IDLE_MINUTES: z._default(z.coerce.number().check(z.int(), z.gte(5), z.lte(24 * 60)), 60),
  /** The operator's bank account for transfers (defaults: a documented example IBAN for the demo). */
  BANK_ACCOUNT_HOLDER: z._default(z.string().check(z.trim(), z.minLength(1)), 'Sonnenland Reisen GmbH'),
  BANK_IBAN: z._default(
    z.pipe(z.string(), z.transform((v) => v.replace(/\s+/g, '').toUpperCase())).check(z.refine(isValidIban, 'keine gültige IBAN')),
    'DE89370400440532013000',
  ),
  BANK_BIC: z._default(z.string().check(z.trim(), z.minLength(8), z.maxLength(11)), 'COBADEFFXXX'),
  BANK_NAME: z._default(z.string().check(z.trim(), z.minLength(1)), 'Commerzbank Bielefeld'),
  /** Gläubiger-Identifikationsnummer for SEPA direct debits (default: the Bundesbank's test id). */
  BANK_CREDITOR_ID: z._default(z.string().check(z.trim(), z.regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/, 'keine gültige Gläubiger-ID')), 'DE98ZZZ09999999999'),
}).check(
  // A mail's links (payment, confirmation, newsletter) are absolute: without the public origin they
  // would name this server on localhost, which no customer can open.
  z.refine((env) => env.NODE_ENV !== 'production' || !env.SMTP_URL || env.SITE_URL !== undefined, {
    path: ['SITE_URL'],
    message: 'fehlt: mit SMTP_URL braucht ein Produktivstart die öffentliche Adresse der Website (z. B. https://www.example.de) für die Links in den Mails',
  }),
)

export type Config = z.infer<typeof envSchema>

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const name = issue?.path.join('.') ?? 'unbekannt'
  throw new ConfigError(`Ungültige Konfiguration: ${name} – ${issue?.message ?? 'ungültiger Wert'}`)
}

export class ConfigError extends Error {}

let cached: Config | undefined

/** The validated configuration of this process; exits with one line on a wrong value. */
export function config(): Config {
  if (cached) return cached
  try {
    cached = parseConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  return cached
}

/**
 * Demo trips go only into the embedded database, or into a PostgreSQL where SEED=demo asks for
 * them (issue 10): never into an operator's empty production database by surprise.
 */
export function demoSeed(cfg: Pick<Config, 'DATABASE_URL' | 'SEED' | 'SEED_TRIPS' | 'SEED_BOOKINGS'>): { trips: number; bookings: number } | false {
  return cfg.DATABASE_URL && cfg.SEED !== 'demo' ? false : { trips: cfg.SEED_TRIPS, bookings: cfg.SEED_BOOKINGS }
}
