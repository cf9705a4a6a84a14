// GET /api/openapi.json: the OpenAPI 3.1 document of the JSON API (spec 7 and the booking API of
// DESIGN 4). Every schema is generated from the zod schema the server validates or types with
// (z.toJSONSchema, JSON Schema 2020-12, the dialect of OpenAPI 3.1); nothing is copied by hand.
//
// The examples are made at request time from the database, with the same functions the
// endpoints answer with, so that they work against the running site: the availability of the
// first bookable date with a seat plan, a complete draft for it with seats that are free right
// now, its real prices. Examples that belong together share their name: a request example named
// `vollstaendig` is answered by the response example `vollstaendig` under the documented status.
// The draftId comes from POST /api/booking-drafts (see the response's `links`).
//
// This module assembles the document; the operations are in openapi/booking.server.ts and
// openapi/catalogue.server.ts, what they share in openapi/shared.server.ts.
import * as z from 'zod/mini'
import '~/lib/zod-de'
import type { Database } from '../db/database.server'
import { API_VERSION, toSchema, TAGS } from './openapi/shared.server'
import type { JsonSchema, Example, OperationSpec, OpenApiOptions } from './openapi/shared.server'
import { bookingOperations } from './openapi/booking.server'
import { catalogueOperations } from './openapi/catalogue.server'

export type { Example, OperationSpec, OpenApiOptions, ParameterSpec, ResponseSpec } from './openapi/shared.server'

/** Every operation of the document, with its zod schemas and examples. */
export async function apiOperations(db: Database, options: OpenApiOptions): Promise<OperationSpec[]> {
  const now = options.now ?? new Date()
  const [catalogue, booking] = await Promise.all([catalogueOperations(db, options), bookingOperations(db, options, now)])
  return [...catalogue, ...booking]
}

function mediaExamples(examples: Record<string, Example>): Record<string, Example> {
  return Object.fromEntries(Object.entries(examples).map(([name, e]) => [name, { summary: e.summary, ...(e.description ? { description: e.description } : {}), value: e.value }]))
}

/**
 * Stores a generated schema as a component. Recursive zod schemas (the menu tree) come with their
 * own `$defs` and local references ('#/$defs/…', '#'), which inside a component would point at the
 * document's root: they become components of their own.
 */
function hoist(name: string, schema: JsonSchema, into: Record<string, JsonSchema>): void {
  const defs = (schema.$defs ?? {}) as Record<string, JsonSchema>
  delete schema.$defs
  const target = (local: string) => (local === '#' ? `#/components/schemas/${name}` : `#/components/schemas/${name}_${local.replace('#/$defs/', '')}`)
  const rewrite = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(rewrite)
    if (!node || typeof node !== 'object') return
    const object = node as JsonSchema
    if (typeof object.$ref === 'string' && (object.$ref === '#' || object.$ref.startsWith('#/$defs/'))) object.$ref = target(object.$ref)
    for (const [key, value] of Object.entries(object)) if (key !== 'examples' && key !== 'default' && key !== 'const' && key !== 'enum') rewrite(value)
  }
  rewrite(schema)
  into[name] = schema
  for (const [defName, def] of Object.entries(defs)) {
    rewrite(def)
    into[`${name}_${defName}`] = def
  }
}

/** The OpenAPI 3.1 document of these operations. */
export function toOpenApi(operations: readonly OperationSpec[], origin: string): JsonSchema {
  const schemas: Record<string, JsonSchema> = {}
  const schemaNames = new Map<z.ZodMiniType, string>()
  const ref = (name: string, schema: z.ZodMiniType | JsonSchema, io: 'input' | 'output'): JsonSchema => {
    if (!(name in schemas)) {
      hoist(name, schema instanceof z.ZodMiniType ? toSchema(schema, io) : schema, schemas)
      if (schema instanceof z.ZodMiniType) schemaNames.set(schema, name)
    } else if (schema instanceof z.ZodMiniType && schemaNames.get(schema) !== name) {
      throw new Error(`two schemas named ${name}`)
    }
    return { $ref: `#/components/schemas/${name}` }
  }
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of operations) {
    const responses: Record<string, unknown> = {}
    for (const [status, r] of Object.entries(op.responses)) {
      responses[status] = {
        description: r.description,
        ...(r.headers ? { headers: r.headers } : {}),
        content: { 'application/json': { schema: ref(r.schemaName, r.schema, 'output'), examples: mediaExamples(r.examples) } },
        ...(r.links ? { links: r.links } : {}),
      }
    }
    const operation = {
      operationId: op.operationId,
      tags: op.tags,
      summary: op.summary,
      description: op.description,
      ...(op.parameters.length
        ? {
            parameters: op.parameters.map((p) => ({
              name: p.name,
              in: p.in,
              required: p.required,
              description: p.description,
              schema: p.schema,
              ...(p.style ? { style: p.style, explode: p.explode ?? true } : {}),
              ...(p.examples ? { examples: mediaExamples(p.examples) } : {}),
            })),
          }
        : {}),
      ...(op.requestBody
        ? {
            requestBody: {
              required: true,
              description: op.requestBody.description,
              content: { 'application/json': { schema: ref(op.requestBody.schemaName, op.requestBody.input, 'input'), examples: mediaExamples(op.requestBody.examples) } },
            },
          }
        : {}),
      responses,
    }
    paths[op.path] = { ...(paths[op.path] ?? {}), [op.method]: operation }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Buchungs- und Katalog-API',
      version: API_VERSION,
      description: [
        'Die JSON-API der Website: der Katalog aus Spec 7 und die Buchung (die „Upstream-API“), auf denselben Diensten wie die Buchungsseiten.',
        '',
        '- Nur JSON: Anfragen mit Inhalt senden `Content-Type: application/json` (sonst 415), höchstens 64 KB (sonst 413).',
        '- Keine Anmeldung, keine Cookies, kein CORS: der draftId ist der Schlüssel zu einem Entwurf; wer ihn hat, kann ihn ändern und buchen.',
        '- Alle Preise sind Ganzzahlen in Millionstel Euro (1.000.000 = 1 €); Zeitpunkte ISO 8601, Kalendertage YYYY-MM-DD.',
        '- Fehler: `{ "error": "…", "issues": [{ "path", "message" }] }` mit deutschen Meldungen (Katalog: `{ "error" }`). Buchungsantworten tragen `Cache-Control: no-store`.',
        '- Ablauf der Beispiele: Verfügbarkeit lesen, Entwurf A anlegen, A ungültig und dann vollständig speichern, Entwurf B anlegen und mit denselben Sitzen speichern (409), A buchen (ohne Schlüssel 400, ohne AGB 422, gebucht 201, wiederholt 201), B buchen (422, unvollständig), A erneut speichern (410). Die Beispiele werden bei jedem Abruf aus den aktuellen Daten erzeugt.',
      ].join('\n'),
    },
    servers: [{ url: origin, description: 'Diese Website' }],
    tags: [
      { name: TAGS.booking, description: 'Buchungsentwurf anlegen, speichern und buchen.' },
      { name: TAGS.catalogue, description: 'Die Aufrufe aus Spec 7 und die Suche.' },
      { name: TAGS.operation, description: 'Betrieb.' },
    ],
    paths,
    components: { schemas },
  }
}

export async function openApiDocument(db: Database, options: OpenApiOptions): Promise<JsonSchema> {
  return toOpenApi(await apiOperations(db, options), options.origin)
}
