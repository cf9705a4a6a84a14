// The agency login of spec 3 and 4 as pure rules: the login frame's message codes, what the parent
// page accepts, when the dialog shows, which parent a frame may talk to, and the browser's copy of
// the agency session (AgenturId plus the card's user data). No React, no I/O: storage and
// locations are passed in.
import * as z from 'zod/mini'
import { MAX_ID } from './ids'
import { countOf } from './format'

/** Spec 4: the codes the login frame sends, with their texts. */
export const AGENCY_LOGIN_CODES = [0, 1, 2, 3, 4, 5] as const
export type AgencyLoginCode = (typeof AGENCY_LOGIN_CODES)[number]

/**
 * Spec 4's texts. Code 2 reads 'Daten wewrden verifiziert' in the spec, a typo of the original
 * site (DESIGN 7): it is shown corrected.
 */
export const AGENCY_LOGIN_TEXTS: Record<AgencyLoginCode, string> = {
  0: 'Verbindung wird aufgebaut',
  1: 'Seite ist geladen',
  2: 'Daten werden verifiziert',
  3: 'Login erfolgreich',
  4: 'keine korrekten Anmeldedaten',
  5: 'Login fehlgeschlagen',
}

/** Codes 4 and 5 are failures (error-coloured notices); 3 is the success; 0–2 are progress. */
export function agencyLoginOutcome(code: AgencyLoginCode): 'progress' | 'success' | 'error' {
  if (code === 3) return 'success'
  return code === 4 || code === 5 ? 'error' : 'progress'
}

/**
 * The frame's login form, checked in the browser and again by the server. Built on its first use
 * (`z.lazy`), like the card below: every page loads this module, only the frame and a login use these.
 */
export const agencyLoginInputSchema = z.lazy(() =>
  z.object({
    login: z.string().check(z.trim(), z.minLength(1, 'Bitte geben Sie Ihren Benutzernamen ein.'), z.maxLength(100, 'Der Benutzername ist zu lang.')),
    password: z.string().check(z.minLength(1, 'Bitte geben Sie Ihr Passwort ein.'), z.maxLength(200, 'Das Passwort ist zu lang.')),
  }),
)
export type AgencyLoginInput = z.input<typeof agencyLoginInputSchema>

/** 'in 40 Sekunden', 'in 1 Minute', 'in 15 Minuten': how long a throttled login waits. */
export function retryAfterText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds))
  if (s < 60) return `in ${countOf(s, 'Sekunde', 'Sekunden')}`
  return `in ${countOf(Math.ceil(s / 60), 'Minute', 'Minuten')}`
}

/** What a throttled login answers (HTTP 429) and the frame shows. */
export function throttledLoginMessage(retryAfterSeconds: number): string {
  return `Zu viele Fehlversuche. Bitte versuchen Sie es ${retryAfterText(retryAfterSeconds)} erneut.`
}

/** The longest message accepted; a card with a token is a few hundred characters. */
export const MAX_MESSAGE_LENGTH = 4096

/**
 * The card after the pipe of code 3. Only `vc_card.ratio_agency_id` is the spec's; the project's
 * own frame adds the agency's name and the signed token (with its expiry) next to it. A frame
 * that sends no token still logs in on the page, but its bookings are not attributed.
 */
export const agencyCardSchema = z.lazy(() =>
  z.object({
    vc_card: z.object({
      ratio_agency_id: z.union([
        z.number().check(z.int(), z.positive(), z.lte(MAX_ID)),
        z.pipe(z.pipe(z.string().check(z.regex(/^[1-9][0-9]{0,9}$/)), z.transform(Number)), z.number().check(z.int(), z.lte(MAX_ID))),
      ]),
      name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
      agency_token: z.optional(z.string().check(z.minLength(1), z.maxLength(1024))),
      token_expires: z.optional(z.iso.datetime({ offset: true })),
    }),
  }),
)
export type AgencyCard = z.output<typeof agencyCardSchema>
export type AgencyCardInput = z.input<typeof agencyCardSchema>

export type AgencyLoginMessage =
  | { code: Exclude<AgencyLoginCode, 3>; text: string }
  | { code: 3; text: string; card: AgencyCard }

const CODE_ONLY = /^[0-5]$/
const WITH_CARD = /^3\|([\s\S]+)$/

/**
 * A frame message in the spec's shape: a code '0'–'5' alone, or '3|' followed by the card's JSON.
 * Anything else (another type, another code, code 3 without a valid card, a payload after any
 * other code, surrounding spaces, an oversized string) is null.
 */
export function parseAgencyLoginMessage(data: unknown): AgencyLoginMessage | null {
  if (typeof data !== 'string' || data.length === 0 || data.length > MAX_MESSAGE_LENGTH) return null
  if (CODE_ONLY.test(data)) {
    const code = Number(data) as AgencyLoginCode
    if (code === 3) return null
    return { code, text: AGENCY_LOGIN_TEXTS[code] }
  }
  const payload = WITH_CARD.exec(data)?.[1]
  if (payload === undefined) return null
  let json: unknown
  try {
    json = JSON.parse(payload)
  } catch {
    return null
  }
  const card = agencyCardSchema.safeParse(json)
  return card.success ? { code: 3, text: AGENCY_LOGIN_TEXTS[3], card: card.data } : null
}

/** What the frame posts: the code, and for 3 the pipe and the card. */
export function formatAgencyLoginMessage(code: Exclude<AgencyLoginCode, 3>): string
export function formatAgencyLoginMessage(code: 3, card: AgencyCardInput): string
export function formatAgencyLoginMessage(code: AgencyLoginCode, card?: AgencyCardInput): string {
  return code === 3 ? `3|${JSON.stringify(card)}` : String(code)
}

export type IgnoredReason = 'source' | 'origin' | 'shape'

/**
 * The parent's check of a `message` event: it must come from the frame's window (event.source),
 * from the frame's configured origin, and have the spec's shape. The reason says which failed.
 */
export function acceptAgencyMessage(
  event: { fromFrame: boolean; origin: string; data: unknown },
  expectedOrigin: string,
): { ok: true; message: AgencyLoginMessage } | { ok: false; reason: IgnoredReason } {
  if (!event.fromFrame) return { ok: false, reason: 'source' }
  if (event.origin !== expectedOrigin || event.origin === 'null') return { ok: false, reason: 'origin' }
  const message = parseAgencyLoginMessage(event.data)
  return message ? { ok: true, message } : { ok: false, reason: 'shape' }
}

/** The origin the frame's messages must come from: the configured URL, resolved against the page. */
export function frameOrigin(frameUrl: string, pageUrl: string): string {
  return new URL(frameUrl, pageUrl).origin
}

/** The frame's address with the parent's origin, which the frame needs as its postMessage target. */
export function frameSrc(frameUrl: string, pageUrl: string): string {
  const url = new URL(frameUrl, pageUrl)
  url.searchParams.set('origin', new URL(pageUrl).origin)
  return url.origin === new URL(pageUrl).origin ? `${url.pathname}${url.search}` : url.href
}

const LOCAL_DEVELOPMENT_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Spec 4's "local development host": the loopback names (not *.localhost, which may be the agency host). */
export function isLocalDevelopmentHost(hostname: string): boolean {
  return LOCAL_DEVELOPMENT_HOSTS.has(hostname.toLowerCase())
}

/** AGENCY_HOST names a host, with or without a port: with one it must match exactly. */
export function isAgencyHost(location: { host: string; hostname: string }, agencyHost: string): boolean {
  const wanted = agencyHost.trim().toLowerCase()
  if (!wanted) return false
  return wanted.includes(':') && !wanted.startsWith('[') ? location.host.toLowerCase() === wanted : location.hostname.toLowerCase() === wanted
}

/**
 * Spec 4: the dialog shows on the agency host while no AgenturId is stored, or on the local
 * development host with `?agentur=true`; everywhere else it stays hidden.
 */
export function shouldShowAgencyDialog(
  location: { host: string; hostname: string; search: string },
  agencyHost: string,
  storedAgencyId: string | null,
): boolean {
  if (isAgencyHost(location, agencyHost)) return !storedAgencyId
  return isLocalDevelopmentHost(location.hostname) && new URLSearchParams(location.search).get('agentur') === 'true'
}

/**
 * The parent a frame page may post to: its own origin, the site's public origin (SITE_URL) or the
 * agency host. Anything else gets no message at all, so a page that embeds the frame elsewhere
 * learns nothing (frame-ancestors forbids that embedding as well).
 */
export function isAllowedParentOrigin(parentOrigin: string, allowed: { ownOrigin: string; siteUrl: string | null; agencyHost: string }): boolean {
  let url: URL
  try {
    url = new URL(parentOrigin)
  } catch {
    return false
  }
  if (url.origin !== parentOrigin || (url.protocol !== 'https:' && url.protocol !== 'http:')) return false
  if (parentOrigin === allowed.ownOrigin) return true
  // A parent may not be less secure than the frame: an https frame talks to https pages only.
  if (url.protocol === 'http:' && allowed.ownOrigin.startsWith('https:')) return false
  if (allowed.siteUrl && parentOrigin === new URL(allowed.siteUrl).origin) return true
  return isAgencyHost(url, allowed.agencyHost)
}

// ---------------------------------------------------------------------------------------------
// The browser's copy of the session (localStorage). It proves nothing to the server: only the
// signed token does (DESIGN 7).

/** Spec 3: vc_card.ratio_agency_id, stored as AgenturId. */
export const AGENCY_ID_KEY = 'AgenturId'
/** The card's user data: the agency's name and the signed token with its expiry. */
export const AGENCY_USER_KEY = 'AgenturDaten'

const agencyUserSchema = z.lazy(() =>
  z.object({
    name: z.nullable(z.string().check(z.maxLength(200))),
    token: z.nullable(z.string().check(z.maxLength(1024))),
    expires: z.nullable(z.string().check(z.maxLength(40))),
  }),
)
export type AgencyUser = z.infer<typeof agencyUserSchema>

export type AgencySession = {
  agencyId: string | null
  user: AgencyUser | null
  /** Spec 4: "A logged-in flag is set when user data exists in local storage." */
  loggedIn: boolean
}

export function readAgencySession(storage: Pick<Storage, 'getItem'>): AgencySession {
  const agencyId = storage.getItem(AGENCY_ID_KEY)
  const raw = storage.getItem(AGENCY_USER_KEY)
  let user: AgencyUser | null = null
  if (raw) {
    try {
      const parsed = agencyUserSchema.safeParse(JSON.parse(raw))
      user = parsed.success ? parsed.data : null
    } catch {
      user = null
    }
  }
  return { agencyId: agencyId || null, user, loggedIn: user !== null }
}

/** Code 3: AgenturId and the user data are stored. */
export function storeAgencyCard(storage: Pick<Storage, 'setItem'>, card: AgencyCard): void {
  const { ratio_agency_id, name, agency_token, token_expires } = card.vc_card
  storage.setItem(AGENCY_ID_KEY, String(ratio_agency_id))
  storage.setItem(AGENCY_USER_KEY, JSON.stringify({ name: name ?? null, token: agency_token ?? null, expires: token_expires ?? null } satisfies AgencyUser))
}

/** Logging out clears AgenturId and the token. */
export function clearAgencySession(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(AGENCY_ID_KEY)
  storage.removeItem(AGENCY_USER_KEY)
}

/** True when the stored token's expiry has passed (a session without expiry never expires here; the server decides). */
export function isAgencySessionExpired(session: AgencySession, now: number): boolean {
  const expires = session.user?.expires
  if (!expires) return false
  const at = Date.parse(expires)
  return Number.isFinite(at) && at <= now
}

/** What a booking sends: the token and the AgenturId the browser holds, or nothing when logged out. */
export function agencyCredentials(session: AgencySession): { agencyToken?: string; agenturId?: string } {
  if (!session.loggedIn) return {}
  return {
    ...(session.user?.token ? { agencyToken: session.user.token } : {}),
    ...(session.agencyId ? { agenturId: session.agencyId.slice(0, 40) } : {}),
  }
}
