// The data of the trip detail page (/reise/{id}/) and the rules for its URL: the schema is what the
// server sends and the type the page reads.
import * as z from 'zod/mini'
import { bookableSchema } from './bookable'
import { parseId } from './ids'
import { imageRefSchema as imageSchema } from './image-ref'

export const tripDateSchema = z.object({
  id: z.number().check(z.int()),
  dateFrom: z.string(),
  dateTill: z.string(),
  /** Per person in a double room, millionths of a euro. */
  price: z.number(),
  singleRoomSurcharge: z.number(),
  bookable: bookableSchema,
  code: z.string(),
})
export type TripDate = z.infer<typeof tripDateSchema>

export const tripBoardingPointSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  /** 'HH:MM' */
  departureTime: z.string(),
  /** Millionths of a euro; 0 = no surcharge. */
  surcharge: z.number(),
})
export type TripBoardingPoint = z.infer<typeof tripBoardingPointSchema>

export const tripDetailSchema = z.object({
  id: z.number().check(z.int()),
  slug: z.string(),
  title: z.string(),
  subtitle: z.nullable(z.string()),
  teaser: z.string(),
  /** Sanitised HTML. */
  descriptionHtml: z.string(),
  itinerary: z.array(z.object({ day: z.number().check(z.int()), title: z.string(), text: z.string() })),
  included: z.array(z.string()),
  notIncluded: z.array(z.string()),
  durationDays: z.number().check(z.int()),
  transport: z.string(),
  images: z.array(imageSchema),
  /** ISO calendar day the trip was put into the catalogue (JSON-LD offers' validFrom). */
  listedSince: z.string(),
  categories: z.array(z.object({ id: z.number().check(z.int()), slug: z.string(), name: z.string(), kind: z.string() })),
  countries: z.array(z.object({ id: z.number().check(z.int()), slug: z.string(), name: z.nullable(z.string()) })),
  /** Upcoming dates only, earliest first. */
  dates: z.array(tripDateSchema),
  boardingPoints: z.array(tripBoardingPointSchema),
  hotel: z.nullable(
    z.object({ id: z.number().check(z.int()), name: z.string(), city: z.string(), stars: z.nullable(z.number().check(z.int())), image: z.nullable(imageSchema) }),
  ),
  ship: z.nullable(z.object({ id: z.number().check(z.int()), name: z.string(), kind: z.string(), image: z.nullable(imageSchema) })),
})
export type TripDetail = z.infer<typeof tripDetailSchema>

export type TripRef = { kind: 'id'; id: number; canonical: boolean } | { kind: 'slug'; slug: string }

/**
 * What `/reise/{param}/` names. The canonical form is the numeric id ('12'). Also resolved (and
 * redirected to the canonical form): '12-gardasee-und-verona' (id with the slug for people) and
 * the bare slug 'gardasee-und-verona' (old links). Anything else is null, i.e. a 404.
 */
export function parseTripParam(param: string): TripRef | null {
  const text = param.trim().toLowerCase()
  const withSlug = /^(\d+)(-[a-z0-9-]*)?$/.exec(text)
  if (withSlug) {
    const id = parseId(withSlug[1])
    if (id === null) return null
    return { kind: 'id', id, canonical: withSlug[2] === undefined && text === param }
  }
  if (/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(text) && text.length <= 200) return { kind: 'slug', slug: text }
  return null
}

export function tripPath(id: number): string {
  return `/reise/${id}/`
}

export function tripIcsPath(tripId: number, dateId: number): string {
  return `/reise/${tripId}/termin/${dateId}.ics`
}

/** The request form for a date with status 1 (Anfrage). */
export function tripRequestHref(tripId: number, dateId: number): string {
  return `/forms/reiseanfrage/?reise=${tripId}&termin=${dateId}`
}

/** '{dateId}.ics' → the date id, or null. */
export function parseIcsFileParam(file: string): number | null {
  return file.endsWith('.ics') ? parseId(file.slice(0, -'.ics'.length)) : null
}

/** 'HH:MM' → 'HH:MM Uhr'; the data is already local time at the boarding point. */
export function formatDepartureTime(time: string): string {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(time) ? `${time} Uhr` : ''
}

const TRANSPORT_LABELS: Record<string, string> = {
  bus: 'Busreise',
  flug: 'Flugreise',
  schiff: 'Schiffsreise',
  hotel: 'Hotelaufenthalt',
}

/** 'bus' → 'Busreise'; an unknown value shows as 'Reise'. */
export function transportLabel(transport: string): string {
  return TRANSPORT_LABELS[transport] ?? 'Reise'
}

/** The lowest price of the dates that can be booked or requested, else of all dates (as the cards do). */
export function lowestPrice(dates: readonly TripDate[], isOpen: (date: TripDate) => boolean): number | null {
  const open = dates.filter(isOpen)
  const pool = open.length ? open : dates
  return pool.length ? Math.min(...pool.map((d) => d.price)) : null
}
