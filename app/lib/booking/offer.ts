// What one trip date offers a booking: prices, room types, seat plan, boarding points, transfer
// zones, add-ons and insurance. The server reads it from the database (booking service), the
// availability API and the booking pages show it, and the price function prices a draft against it.
// Every price is an integer in millionths of a euro (spec 9).
import * as z from 'zod/mini'
import { bookableSchema } from '../bookable'
import { tripBoardingPointSchema } from '../trip-detail'
import { tripTermsSchema } from './trip-terms'

/** DZ: double room for two; EZ: single room with the date's surcharge; OHNE: day trip, no room. */
export const ROOM_TYPES = ['DZ', 'EZ', 'OHNE'] as const
export const roomTypeSchema = z.enum(ROOM_TYPES)
export type RoomType = z.infer<typeof roomTypeSchema>

/** How many travellers a room of each type holds. */
export const ROOM_OCCUPANCY = { DZ: 2, EZ: 1, OHNE: 1 } as const satisfies Record<RoomType, number>

export const ROOM_LABELS = {
  DZ: 'Doppelzimmer',
  EZ: 'Einzelzimmer',
  OHNE: 'ohne Übernachtung',
} as const satisfies Record<RoomType, string>

/** Spec DESIGN 6: at most 9 travellers book online; larger groups use the group request form. */
export const MAX_TRAVELLERS = 9
export const TOO_MANY_TRAVELLERS_MESSAGE = `Online können Sie für höchstens ${MAX_TRAVELLERS} Reisende buchen. Für größere Gruppen nutzen Sie bitte unsere Gruppenanfrage.`

const rawPrice = z.number().check(z.int(), z.nonnegative())

export const SEAT_CELL_KINDS = ['seat', 'aisle', 'driver', 'guide', 'door', 'wc', 'stairs', 'empty'] as const

export const seatCellSchema = z.object({
  kind: z.enum(SEAT_CELL_KINDS),
  seat: z.optional(z.string()),
  blocked: z.optional(z.boolean()),
})

export const seatPlanLayoutSchema = z.array(z.array(seatCellSchema))

/** A Zustiegsstelle of the trip with its departure time and surcharge, as the trip page shows it. */
export const boardingOptionSchema = tripBoardingPointSchema

export const transferZoneSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  zipPrefixes: z.array(z.string()),
  /** Per person. */
  price: rawPrice,
})

export const serviceOfferSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  description: z.string(),
  price: rawPrice,
  /** 'person': chosen and paid per traveller; 'booking': once per booking. */
  per: z.enum(['person', 'booking']),
})

/** 'abroad': only for trips with a destination outside Germany (travel health insurance abroad). */
export const INSURANCE_SCOPES = ['any', 'abroad'] as const

export const insuranceOfferSchema = z.object({
  id: z.number().check(z.int()),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** The insurance company (we broker), its product information sheet and its conditions ('' when not configured). */
  insurer: z.string(),
  productSheetUrl: z.string(),
  conditionsUrl: z.string(),
  scope: z.enum(INSURANCE_SCOPES),
  /** 450 = 4.5 % of the traveller's travel price, at least minPrice; null for a fixed price. */
  percentBasisPoints: z.nullable(z.number().check(z.int(), z.nonnegative())),
  minPrice: rawPrice,
  fixedPrice: z.nullable(rawPrice),
})

export const tripContentsSchema = z.object({
  /** 'Hotel Seeblick, Bardolino' or the ship's name; null when the trip names none. */
  accommodation: z.nullable(z.string()),
  included: z.array(z.string()),
  programme: z.array(z.object({ day: z.number().check(z.int()), title: z.string() })),
})
export type TripContents = z.infer<typeof tripContentsSchema>

export const bookingOfferSchema = z.object({
  tripDateId: z.number().check(z.int()),
  tripId: z.number().check(z.int()),
  tripTitle: z.string(),
  /** 'YYYY-MM-DD' */
  dateFrom: z.string(),
  dateTill: z.string(),
  durationDays: z.number().check(z.int()),
  transport: z.enum(['bus', 'flug', 'schiff', 'hotel']),
  bookable: bookableSchema,
  /** Per person in a double room (or per person on a day trip). */
  price: rawPrice,
  /** Per person in a single room. */
  singleRoomSurcharge: rawPrice,
  roomTypes: z.array(roomTypeSchema),
  /** Null for trips without a seat plan (flights, cruises, hotels): they book against capacity. */
  seatPlan: z.nullable(seatPlanLayoutSchema),
  boardingPoints: z.array(boardingOptionSchema),
  /** Haustürtransfer zones; empty when the trip has no boarding points. */
  transferZones: z.array(transferZoneSchema),
  services: z.array(serviceOfferSchema),
  /** Only the offers that fit this trip (`insuranceFits`): a date within Germany has no health insurance abroad. */
  insuranceOffers: z.array(insuranceOfferSchema),
  /** Cancellation scale, rebooking fee, minimum participants, fees on site, passport notes. */
  terms: tripTermsSchema,
  /** What the trip includes, as the contract names it: hotel or ship, the included services, the programme by day. */
  contents: tripContentsSchema,
})

export type BookingOffer = z.infer<typeof bookingOfferSchema>
export type BoardingOption = z.infer<typeof boardingOptionSchema>
export type TransferZone = z.infer<typeof transferZoneSchema>
export type ServiceOffer = z.infer<typeof serviceOfferSchema>
export type InsuranceOffer = z.infer<typeof insuranceOfferSchema>

/** Day trips have no rooms; every other trip offers double and single rooms. */
export function roomTypesFor(durationDays: number): RoomType[] {
  return durationDays <= 1 ? ['OHNE'] : ['DZ', 'EZ']
}

/** Whether an insurance may be offered for a trip: one for abroad only where a destination lies abroad. */
export function insuranceFits(offer: Pick<InsuranceOffer, 'scope'>, domestic: boolean): boolean {
  return offer.scope === 'any' || !domestic
}
