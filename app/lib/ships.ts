// Ships (river and ocean cruises): the data of the list and detail pages.
import * as z from 'zod/mini'
import { imageRefSchema } from './image-ref'
import { pagedSchema } from './paging'
import { tripCardSchema } from './trip-card'

export const shipFactSchema = z.object({ label: z.string(), value: z.string() })

export const shipSummarySchema = z.object({
  id: z.number().check(z.int()),
  slug: z.string(),
  name: z.string(),
  /** 'fluss' | 'hochsee' (schema SHIP_KINDS); kept a string so a new kind shows instead of failing. */
  kind: z.string(),
  image: z.nullable(imageRefSchema),
  /** The first facts, for the card. */
  keyFacts: z.array(shipFactSchema),
  trips: z.number().check(z.int()),
})
export type ShipSummary = z.infer<typeof shipSummarySchema>

export const shipDetailSchema = z.object({
  id: z.number().check(z.int()),
  slug: z.string(),
  name: z.string(),
  kind: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  facts: z.array(shipFactSchema),
  images: z.array(imageRefSchema),
})

export const shipPageSchema = z.object({
  ship: shipDetailSchema,
  trips: z.array(tripCardSchema),
  paging: pagedSchema,
})
export type ShipPage = z.infer<typeof shipPageSchema>

const KIND_LABELS: Record<string, { one: string; many: string }> = {
  fluss: { one: 'Flussschiff', many: 'Flussschiffe' },
  hochsee: { one: 'Hochseeschiff', many: 'Hochseeschiffe' },
}

/** River ships first: the operator's cruises are mostly river cruises. */
export const SHIP_KIND_ORDER = ['fluss', 'hochsee'] as const

export function shipKindLabel(kind: string, plural = false): string {
  const labels = KIND_LABELS[kind]
  if (!labels) return plural ? 'Schiffe' : 'Schiff'
  return plural ? labels.many : labels.one
}

/** Ships grouped by kind in SHIP_KIND_ORDER (unknown kinds last), each group as given. */
export function groupShipsByKind<S extends { kind: string }>(ships: readonly S[]): { kind: string; ships: S[] }[] {
  const groups = Map.groupBy(ships, (s) => s.kind)
  const known: readonly string[] = SHIP_KIND_ORDER
  const kinds = [...SHIP_KIND_ORDER.filter((k) => groups.has(k)), ...[...groups.keys()].filter((k) => !known.includes(k))]
  return kinds.map((kind) => ({ kind, ships: groups.get(kind) ?? [] }))
}
