// Reads the environment once, validates it with zod, and stops the process with a one-line
// message naming the variable when a value is wrong.
import { z } from 'zod'
import '~/lib/zod-de'
import { isValidIban } from '~/lib/booking/iban'
import { parseProxyEntry } from './http/client-address.server'
import type { ProxyEntry } from './http/client-address.server'

// An empty value (`DATABASE_URL=` in an env file) means unset, the same as a missing one.
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)

const csv = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: optionalUrl.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'muss mit postgres:// oder postgresql:// beginnen')
      .optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SEED_TRIPS: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /** `demo`: an empty PostgreSQL (DATABASE_URL) gets the demo catalogue; the embedded database always does. */
  SEED: z.enum(['demo'], 'muss demo sein oder fehlen').optional(),
  /** Optional secret for `/?debug=…` and `/api/cache-clear`; without it both are only rate-limited. */
  CACHE_CLEAR_TOKEN: z.string().min(16, 'mindestens 16 Zeichen').optional(),
  /** Memory for rendered pages kept for anonymous visitors (app/server/http/page-cache.server.ts); 0 turns it off. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** Public origin of the site, used for canonical URLs, sitemaps and CSRF checks behind a proxy. */
  SITE_URL: z.url().optional(),
  /** The host on which the agency login dialog shows (spec 4). */
  AGENCY_HOST: z.string().trim().default('agentur.localhost'),
  /** Origin of the embedded agency login frame; messages from any other origin are ignored. */
  AGENCY_LOGIN_FRAME_URL: z.string().trim().default('/agentur-login-frame/'),
  /** Hosts (and alias=url pairs) the image proxy may fetch from besides this site. */
  IMAGE_ALLOWED_HOSTS: csv,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Sonnenland Reisen <info@sonnenland-reisen.example>'),
  LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
  /**
   * Proxies (addresses or CIDR networks, comma-separated) whose X-Forwarded-For is believed when
   * the per-client limits ask who a client is. Unset: the socket's peer is the client.
   */
  TRUSTED_PROXY: csv.transform((entries, ctx) => {
    const parsed: ProxyEntry[] = []
    for (const entry of entries) {
      const proxy = parseProxyEntry(entry)
      if (proxy) parsed.push(proxy)
      else ctx.addIssue({ code: 'custom', message: `„${entry}“ ist keine IP-Adresse und kein Netz wie 10.0.0.0/8` })
    }
    return parsed
  }),
  /**
   * Multiplies the per-client limits on drafts, saves, bookings and image renders
   * (app/server/http/client-limits.server.ts): more for an office of agency staff behind one address.
   */
  CLIENT_LIMIT_SCALE: z.coerce.number().min(0.1).max(10_000).default(1),
  /** Days after which a newsletter sign-up that was never confirmed is deleted. */
  NEWSLETTER_PENDING_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** Booking: minutes a picked seat stays held; activity extends it up to BOOKING_HOLD_MAX_MINUTES. */
  BOOKING_HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(20),
  BOOKING_HOLD_MAX_MINUTES: z.coerce.number().int().min(1).max(240).default(60),
  /** Minutes without activity after which a draft and its personal data are deleted. */
  BOOKING_DRAFT_MINUTES: z.coerce.number().int().min(5).max(7 * 24 * 60).default(120),
  /** Deposit due on booking, percent of the total (BGH X ZR 85/12: 20 % is the accepted norm). */
  BOOKING_DEPOSIT_PERCENT: z.coerce.number().int().min(0).max(100).default(20),
  /** The balance is due this many days before departure; closer than that, the full price at once. */
  BOOKING_BALANCE_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  /** Secret for signed payment and success links (HMAC-SHA256); set it in production. */
  BOOKING_LINK_SECRET: z.string().min(32, 'mindestens 32 Zeichen').optional(),
  /** The operator's bank account for transfers (defaults: a documented example IBAN for the demo). */
  BANK_ACCOUNT_HOLDER: z.string().trim().min(1).default('Sonnenland Reisen GmbH'),
  BANK_IBAN: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine(isValidIban, 'keine gültige IBAN')
    .default('DE89370400440532013000'),
  BANK_BIC: z.string().trim().min(8).max(11).default('COBADEFFXXX'),
  BANK_NAME: z.string().trim().min(1).default('Commerzbank Bielefeld'),
  /** Gläubiger-Identifikationsnummer for SEPA direct debits (default: the Bundesbank's test id). */
  BANK_CREDITOR_ID: z.string().trim().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/, 'keine gültige Gläubiger-ID').default('DE98ZZZ09999999999'),
})

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
export function demoSeed(cfg: Pick<Config, 'DATABASE_URL' | 'SEED' | 'SEED_TRIPS'>): { trips: number } | false {
  return cfg.DATABASE_URL && cfg.SEED !== 'demo' ? false : { trips: cfg.SEED_TRIPS }
}
