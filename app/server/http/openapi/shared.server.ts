// What the OpenAPI document's parts share: the operation types, zod to JSON Schema with the notes
// the schemas keep in comments, the common answers and parameters (app/server/http/openapi.server.ts).
import * as z from 'zod/mini'
import '~/lib/zod-de'
import { bookingDraftSchema } from '~/lib/booking/draft'
import { MONEY_DESCRIPTION } from '~/lib/booking/price'
import { apiErrorSchema, MESSAGES } from '../../services/booking/api.server'
import type { BookingSettings } from '../../services/booking/settings.server'
import { parseQuery } from '../api.server'
import { BODY_TOO_LARGE_MESSAGE, MAX_BODY_BYTES } from '../body-limit.server'

export const API_VERSION = '1.0.0'

// ---------------------------------------------------------------------------------------------
// Schemas of the spec-7 answers that have no zod schema of their own in app/lib.

export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) })
export const cacheClearedSchema = z.object({ cleared: z.literal(true) })
/** The spec-7 endpoints answer errors as `{ error }` (app/server/http/query.ts jsonError). */
export const plainErrorSchema = z.object({ error: z.string().check(z.describe('Der Fehler in einem deutschen Satz.')) })

// ---------------------------------------------------------------------------------------------
// JSON Schema from zod, with the notes that the zod schemas keep in comments.

export type JsonSchema = { [key: string]: unknown }

const MONEY = MONEY_DESCRIPTION
const MONEY_FIELDS = new Set(['price', 'surcharge', 'singleRoomSurcharge', 'minPrice', 'fixedPrice', 'unitPrice', 'amount', 'subtotal', 'voucherTotal', 'gesamtpreis', 'price_per_person', 'priceFrom', 'value'])
const FIELD_NOTES: Record<string, string> = {
  dateFrom: 'Kalendertag YYYY-MM-DD (Europe/Berlin).',
  dateTill: 'Kalendertag YYYY-MM-DD (Europe/Berlin).',
  departureTime: 'Abfahrtszeit HH:MM (Ortszeit).',
  percentBasisPoints: 'Prozent des Reisepreises der Person in Basispunkten (450 = 4,5 %), mindestens minPrice; null bei Festpreis.',
  seatPlan: 'Der Sitzplan: Reihen von Zellen (Sitz, Gang, Fahrer, Reiseleitung, Tür, WC, Treppe, leer); null für Reisen ohne Sitzplan (sie werden nach Kapazität gebucht).',
  per: "'person': je Person gewählt und bezahlt (teilnehmer[].services); 'booking': einmal je Buchung (bookingServices).",
  bookable: 'Buchungsstatus 0 Buchbar, 1 Anfrage, 2 Nicht buchbar, 3 Ausgebucht, 4 Durchführungsgarantie, 5 Nur noch wenige Plätze.',
  showName: 'Vor- und Nachname; vom Server gesetzt, was der Client sendet, wird ersetzt.',
  buchender: 'Die buchende Person; genau eine je Buchung. Nur von ihr werden Anschrift, E-Mail und Telefon gebraucht.',
  seat: "Sitzplatz laut Sitzplan, z. B. '7C'; null auf Reisen ohne Sitzplan. Gewählte Sitze werden beim Speichern für den Entwurf gehalten.",
  boarding: "Zustiegsstelle ({ kind: 'point', boardingPointId }) oder Haustürtransfer ab Postleitzahl ({ kind: 'transfer', zip }).",
  insurance: 'Höchstens eine Versicherung je Person (Id aus insuranceOffers); nichts ist vorausgewählt.',
  mobility: 'Mobilitätshilfe der Person.',
  vouchers: 'Gutscheine (Einlösecodes); der Server prüft sie und zieht ihren Wert ab.',
}
const COMPUTED = 'Vom Server berechnet; was der Client sendet, wird ersetzt.'

function annotate(node: unknown, key?: string): void {
  if (Array.isArray(node)) {
    for (const item of node) annotate(item)
    return
  }
  if (!node || typeof node !== 'object') return
  const schema = node as JsonSchema
  if (key && typeof schema.description !== 'string') {
    const text = [FIELD_NOTES[key], MONEY_FIELDS.has(key) ? MONEY : undefined].filter(Boolean).join(' ')
    if (text) schema.description = text
  }
  for (const [name, value] of Object.entries(schema)) {
    if (name === 'properties' && value && typeof value === 'object') {
      for (const [prop, child] of Object.entries(value as JsonSchema)) annotate(child, prop)
    } else if (name !== 'examples' && name !== 'default' && name !== 'const' && name !== 'enum') {
      annotate(value)
    }
  }
}

export function toSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema
  delete out.$schema
  annotate(out)
  return out
}

/** The draft as a client sends it: the fields the server computes say so. */
export function draftInputSchema(): JsonSchema {
  const schema = toSchema(bookingDraftSchema, 'input')
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (!node || typeof node !== 'object') return
    const props = (node as JsonSchema).properties as Record<string, JsonSchema> | undefined
    if (props) {
      for (const name of ['price_per_person', 'gesamtpreis', 'showName']) {
        const prop = props[name]
        if (prop) prop.description = `${COMPUTED}${MONEY_FIELDS.has(name) ? ` ${MONEY}` : ''}`
      }
    }
    for (const value of Object.values(node as JsonSchema)) visit(value)
  }
  visit(schema)
  return schema
}

// ---------------------------------------------------------------------------------------------
// Operations: kept as data with their zod schemas, so tests can check every example against them.

export type Example = { summary: string; description?: string; value: unknown }

export type ParameterSpec = {
  name: string
  in: 'path' | 'query' | 'header'
  required: boolean
  description: string
  schema: JsonSchema
  style?: 'form' | 'simple'
  explode?: boolean
  /** Request examples by name; a name missing here sends no such parameter (or takes a linked value). */
  examples?: Record<string, Example>
}

export type ResponseSpec = {
  description: string
  schema: z.ZodMiniType
  schemaName: string
  examples: Record<string, Example>
  headers?: Record<string, { description: string; schema: JsonSchema }>
  links?: Record<string, { operationId: string; parameters: Record<string, string>; description: string }>
}

export type OperationSpec = {
  method: 'get' | 'post' | 'put'
  path: string
  operationId: string
  tags: string[]
  summary: string
  description: string
  parameters: ParameterSpec[]
  requestBody?: { description: string; schema: z.ZodMiniType; schemaName: string; input: JsonSchema; examples: Record<string, Example> }
  responses: Record<string, ResponseSpec>
}

export type OpenApiOptions = {
  origin: string
  settings: Pick<BookingSettings, 'draftMinutes' | 'holdMinutes'>
  /** Whether /api/cache-clear needs a token here (the token itself is never shown). */
  cacheClearTokenRequired: boolean
  now?: Date
}

export const TAGS = {
  booking: 'Buchung',
  catalogue: 'Katalog (Spec 7)',
  operation: 'Betrieb',
}

/** A well-formed draftId that belongs to no draft: the path's placeholder, and the 404 example. */
export const EXAMPLE_UNKNOWN_DRAFT_ID = 'Beispiel-Entwurf-den-es-nicht-gibt-000000000'

export const internalError = (): ResponseSpec => ({
  description: 'Unerwarteter Fehler; keine Einzelheiten.',
  schema: apiErrorSchema,
  schemaName: 'Fehler',
  examples: { fehler: { summary: 'Interner Fehler', value: { error: MESSAGES.internal, issues: [] } } },
})

export const bodyErrors = (): Record<string, ResponseSpec> => ({
  '400': {
    description: 'Der Inhalt ist kein gültiges JSON (oder leer).',
    schema: apiErrorSchema,
    schemaName: 'Fehler',
    examples: { keinJson: { summary: 'Kein JSON', value: { error: MESSAGES.badJson, issues: [] } } },
  },
  '413': {
    description: `Der Inhalt ist größer als ${MAX_BODY_BYTES / 1024} KB.`,
    schema: apiErrorSchema,
    schemaName: 'Fehler',
    examples: { zuGross: { summary: 'Zu groß', value: { error: BODY_TOO_LARGE_MESSAGE, issues: [] } } },
  },
  '415': {
    description: 'Der Inhalt ist nicht als application/json gesendet.',
    schema: apiErrorSchema,
    schemaName: 'Fehler',
    examples: { keinJsonTyp: { summary: 'Falscher Content-Type', value: { error: MESSAGES.unsupportedType, issues: [] } } },
  },
})

export const draftIdParameter = (examples: Record<string, Example>): ParameterSpec => ({
  name: 'draftId',
  in: 'path',
  required: true,
  description: 'Der draftId aus der Antwort von POST /api/booking-drafts (siehe dort `links`). Er ist der einzige Schlüssel zum Entwurf; Cookies zählen nicht.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
  examples,
})

export function queryParameters(schema: z.ZodMiniObject, examples: Record<string, { summary: string; values: Record<string, unknown> }>, notes: Record<string, string>): ParameterSpec[] {
  const json = toSchema(schema, 'input')
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((json.required ?? []) as string[])
  return Object.entries(properties).map(([name, propSchema]) => {
    const own: Record<string, Example> = {}
    for (const [exampleName, { summary, values }] of Object.entries(examples)) {
      if (name in values) own[exampleName] = { summary, value: values[name] }
    }
    return {
      name,
      in: 'query' as const,
      required: required.has(name),
      description: notes[name] ?? (typeof propSchema.description === 'string' ? propSchema.description : name),
      schema: propSchema,
      style: 'form' as const,
      explode: true,
      ...(Object.keys(own).length ? { examples: own } : {}),
    }
  })
}

export async function queryError(path: string, query: string, schema: z.ZodMiniType): Promise<unknown> {
  const parsed = parseQuery(new Request(`http://localhost${path}?${query}`), schema)
  if (parsed.ok) throw new Error(`example query ${query} should fail`)
  return parsed.response.json()
}

