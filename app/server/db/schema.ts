// Drizzle schema of the whole catalogue, booking and content database (PostgreSQL; PGlite by default).
// SQL names are snake_case, TS properties camelCase; the API layer maps to the upstream field names.
// Prices are integers in millionths of a euro (spec 9: raw prices are divided by 1,000,000).
import { relations, sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import type { BookableStatus } from '../../lib/bookable'
import { BUS_CANCELLATION_SCALE } from '../../lib/booking/cancellation'
import type { CancellationScale } from '../../lib/booking/cancellation'
import { INSURANCE_SCOPES, SEAT_CELL_KINDS } from '../../lib/booking/offer'
import type { OnSiteFee } from '../../lib/booking/trip-terms'
import type { MenuItem } from '../../lib/site'
import { BOOKING_CHANNELS, STORED_PAYMENT_STATES } from '../../lib/office/booking-list'
import { LEDGER_ENTRY_KINDS, LEDGER_METHODS } from '../../lib/office/ledger'
import { BANK_ENTRY_STATES } from '../../lib/office/bank-statement'
import { NOTICE_KINDS } from '../../lib/office/notices'
import { SEQUENCE_TYPES } from '../../lib/office/sepa-debits'
import { customerUsers } from './customer-schema'
import { staffUsers } from './staff-schema'

// ---------------------------------------------------------------------------------------------
// Fixed value sets (also used by zod schemas elsewhere, e.g. `z.enum(CATEGORY_KINDS)`)
// ---------------------------------------------------------------------------------------------

export const CATEGORY_KINDS = ['bus', 'flug', 'flusskreuzfahrt', 'hochseekreuzfahrt', 'hotel', 'special'] as const
export type CategoryKind = (typeof CATEGORY_KINDS)[number]

export const TRANSPORTS = ['bus', 'flug', 'schiff', 'hotel'] as const
export type Transport = (typeof TRANSPORTS)[number]

export { SEAT_CELL_KINDS }
export type SeatCellKind = (typeof SEAT_CELL_KINDS)[number]


export const SERVICE_PER = ['person', 'booking'] as const
export type ServicePer = (typeof SERVICE_PER)[number]

/**
 * A booking pays a deposit and the balance, or the full price at once when departure is near; once
 * cancelled, what its fee leaves owed is an instalment of its own (`fee`, migration 0022).
 */
export const PAYMENT_KINDS = ['deposit', 'balance', 'full', 'fee'] as const
export type PaymentKind = (typeof PAYMENT_KINDS)[number]

export const SHIP_KINDS = ['fluss', 'hochsee'] as const
export type ShipKind = (typeof SHIP_KINDS)[number]

export const CONTENT_PAGE_KINDS = ['page', 'article', 'service-entry', 'faq'] as const
export type ContentPageKind = (typeof CONTENT_PAGE_KINDS)[number]

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number]

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const
export type MailStatus = (typeof MAIL_STATUSES)[number]


// ---------------------------------------------------------------------------------------------
// JSON column shapes
// ---------------------------------------------------------------------------------------------

export interface ImageRef {
  src: string
  alt: string
  width: number
  height: number
}

export interface ItineraryDay {
  day: number
  title: string
  text: string
}

export interface SeatCell {
  kind: SeatCellKind
  /** Seat label such as '12A'; only for kind 'seat'. */
  seat?: string
  blocked?: boolean
}

/** Rows from the front (driver) to the back of the vehicle; every row has the same number of cells. */
export type SeatPlanLayout = SeatCell[][]

/** An attachment of an outbox mail, made when the mail is delivered. */
export type MailAttachmentRef = {
  /**
   * The booking's confirmation PDF, its calendar file (.ics), the travel conditions in force
   * (content page) as a PDF, or one of its invoices as a PDF (`invoiceId`: the Stornorechnung).
   */
  kind: 'booking-confirmation' | 'booking-calendar' | 'travel-conditions' | 'invoice'
  bookingId: number
  /** Which invoice, for the kind 'invoice'. */
  invoiceId?: number
  /** The site's public origin when the mail was written, for the links in the PDF. */
  origin?: string
}

export interface ShipFact {
  label: string
  value: string
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity()
/** Millionths of a euro. */
const money = (name: string) => bigint(name, { mode: 'number' })
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`"${column}" in (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`)

// ---------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------

export const categories = pgTable(
  'categories',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    kind: text('kind', { enum: CATEGORY_KINDS }).notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [check('categories_kind_check', inList('kind', CATEGORY_KINDS)), index('categories_sort_idx').on(t.sort)],
)

/** id = upstream id_loc_country. A country without a name is shown as 'Reiseland' (spec 5). */
export const countries = pgTable('countries', {
  id: id(),
  name: text('name'),
  slug: text('slug').notNull().unique(),
  iso2: text('iso2'),
  /** Passport, visa and health formalities for German citizens (Art. 250 § 3 Nr. 6 EGBGB); null: the general note. */
  entryNote: text('entry_note'),
})

/** id = upstream id_loc_region. */
export const regions = pgTable('regions', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
})

/** Upstream loc_region_countries: a region may lie in no, one or several countries. */
export const regionCountries = pgTable(
  'region_countries',
  {
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.regionId, t.countryId] }),
    index('region_countries_country_idx').on(t.countryId),
  ],
)

export const ships = pgTable(
  'ships',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    kind: text('kind', { enum: SHIP_KINDS }).notNull(),
    description: text('description').notNull().default(''),
    facts: jsonb('facts').$type<ShipFact[]>().notNull().default([]),
    images: jsonb('images').$type<ImageRef[]>().notNull().default([]),
  },
  () => [check('ships_kind_check', inList('kind', SHIP_KINDS))],
)

export const hotels = pgTable(
  'hotels',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'set null' }),
    stars: smallint('stars'),
    description: text('description').notNull().default(''),
    images: jsonb('images').$type<ImageRef[]>().notNull().default([]),
  },
  (t) => [
    check('hotels_stars_check', sql`${t.stars} is null or ${t.stars} between 1 and 5`),
    index('hotels_country_idx').on(t.countryId),
  ],
)

export const trips = pgTable(
  'trips',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    teaser: text('teaser').notNull().default(''),
    /** HTML */
    description: text('description').notNull().default(''),
    itinerary: jsonb('itinerary').$type<ItineraryDay[]>().notNull().default([]),
    included: jsonb('included').$type<string[]>().notNull().default([]),
    notIncluded: jsonb('not_included').$type<string[]>().notNull().default([]),
    durationDays: integer('duration_days').notNull(),
    transport: text('transport', { enum: TRANSPORTS }).notNull(),
    shipId: integer('ship_id').references(() => ships.id, { onDelete: 'set null' }),
    hotelId: integer('hotel_id').references(() => hotels.id, { onDelete: 'set null' }),
    images: jsonb('images').$type<ImageRef[]>().notNull().default([]),
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    /** Rücktrittsstaffel: days before departure → percentage (`cancellationScaleSchema`, app/lib/booking/cancellation.ts). */
    cancellationScale: jsonb('cancellation_scale').$type<CancellationScale>().notNull().default(BUS_CANCELLATION_SCALE),
    /** Per person, millionths of a euro. */
    rebookingFee: money('rebooking_fee').notNull().default(25_000_000),
    /** Null: no minimum; else with the days before departure by which we cancel when it is not reached. */
    minParticipants: integer('min_participants'),
    minParticipantsDays: integer('min_participants_days'),
    /** 'HH:MM', expected return at the boarding points; null when the travel documents bring it. */
    returnTime: text('return_time'),
    /** Fees paid on site (Kurtaxe), never part of the price. */
    onSiteFees: jsonb('on_site_fees').$type<OnSiteFee[]>().notNull().default([]),
  },
  (t) => [
    check('trips_duration_check', sql`${t.durationDays} between 1 and 366`),
    check('trips_cancellation_scale_check', sql`jsonb_typeof(${t.cancellationScale}) = 'array' and jsonb_array_length(${t.cancellationScale}) > 0`),
    check('trips_rebooking_fee_check', sql`${t.rebookingFee} >= 0`),
    // § 651h Abs. 4 BGB: the operator may cancel for too few travellers no later than 20 / 7 / 2 days before.
    check(
      'trips_min_participants_check',
      sql`(${t.minParticipants} is null and ${t.minParticipantsDays} is null) or (${t.minParticipants} > 0 and ${t.minParticipantsDays} >= case when ${t.durationDays} > 6 then 20 when ${t.durationDays} >= 2 then 7 else 2 end)`,
    ),
    check('trips_return_time_check', sql`${t.returnTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('trips_on_site_fees_check', sql`jsonb_typeof(${t.onSiteFees}) = 'array'`),
    check('trips_transport_check', inList('transport', TRANSPORTS)),
    index('trips_ship_idx').on(t.shipId),
    index('trips_hotel_idx').on(t.hotelId),
  ],
)

export const tripCategories = pgTable(
  'trip_categories',
  {
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.tripId, t.categoryId] }),
    index('trip_categories_category_idx').on(t.categoryId),
  ],
)

export const tripCountries = pgTable(
  'trip_countries',
  {
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.countryId] }), index('trip_countries_country_idx').on(t.countryId)],
)

export const tripRegions = pgTable(
  'trip_regions',
  {
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.regionId] }), index('trip_regions_region_idx').on(t.regionId)],
)

export const seatPlans = pgTable('seat_plans', {
  id: id(),
  name: text('name').notNull(),
  layout: jsonb('layout').$type<SeatPlanLayout>().notNull(),
})

/** Termine: one departure of a trip. */
export const tripDates = pgTable(
  'trip_dates',
  {
    id: id(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTill: date('date_till', { mode: 'string' }).notNull(),
    /** Per person in a double room, millionths of a euro. */
    price: money('price').notNull(),
    singleRoomSurcharge: money('single_room_surcharge').notNull().default(0),
    /** Spec 4 booking status 0–5. */
    bookable: smallint('bookable').$type<BookableStatus>().notNull().default(0),
    seatPlanId: integer('seat_plan_id').references(() => seatPlans.id, { onDelete: 'set null' }),
    capacity: integer('capacity').notNull(),
    code: text('code').notNull(),
  },
  (t) => [
    check('trip_dates_bookable_check', sql`${t.bookable} between 0 and 5`),
    check('trip_dates_range_check', sql`${t.dateTill} >= ${t.dateFrom}`),
    check('trip_dates_price_check', sql`${t.price} >= 0 and ${t.singleRoomSurcharge} >= 0`),
    check('trip_dates_capacity_check', sql`${t.capacity} >= 0`),
    index('trip_dates_trip_date_idx').on(t.tripId, t.dateFrom),
    index('trip_dates_date_from_idx').on(t.dateFrom),
  ],
)

/** Zustiegsstellen */
export const boardingPoints = pgTable('boarding_points', {
  id: id(),
  name: text('name').notNull(),
  street: text('street').notNull(),
  zip: text('zip').notNull(),
  city: text('city').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  note: text('note'),
})

export const tripBoardingPoints = pgTable(
  'trip_boarding_points',
  {
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    boardingPointId: integer('boarding_point_id')
      .notNull()
      .references(() => boardingPoints.id, { onDelete: 'cascade' }),
    /** 'HH:MM' local time of departure at this point. */
    departureTime: text('departure_time').notNull(),
    surcharge: money('surcharge').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tripId, t.boardingPointId] }),
    index('trip_boarding_points_point_idx').on(t.boardingPointId),
    check('trip_boarding_points_time_check', sql`${t.departureTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
)

/** Haustürtransfer: a price per zone, matched by the start of the customer's zip code. */
export const transferZones = pgTable('transfer_zones', {
  id: id(),
  name: text('name').notNull(),
  zipPrefixes: text('zip_prefixes').array().notNull(),
  price: money('price').notNull(),
})

/** Add-ons; tripId null = available for every trip. */
export const services = pgTable(
  'services',
  {
    id: id(),
    tripId: integer('trip_id').references(() => trips.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: money('price').notNull(),
    per: text('per', { enum: SERVICE_PER }).notNull(),
  },
  (t) => [check('services_per_check', inList('per', SERVICE_PER)), index('services_trip_idx').on(t.tripId)],
)

/** Either a percentage of the travel price (with a minimum) or a fixed price per person. */
export const insuranceOffers = pgTable(
  'insurance_offers',
  {
    id: id(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** 450 = 4.5 % */
    percentBasisPoints: integer('percent_basis_points'),
    minPrice: money('min_price').notNull().default(0),
    fixedPrice: money('fixed_price'),
    /** The insurance company that carries the risk (we only broker it). */
    insurer: text('insurer').notNull().default(''),
    /** Its product information sheet (IPID) and its conditions: absolute or site-relative URLs. */
    productSheetUrl: text('product_sheet_url').notNull().default(''),
    conditionsUrl: text('conditions_url').notNull().default(''),
    /** 'abroad': offered only for trips with a destination outside Germany (travel health insurance). */
    scope: text('scope', { enum: INSURANCE_SCOPES }).notNull().default('any'),
  },
  (t) => [
    check(
      'insurance_offers_price_check',
      sql`${t.percentBasisPoints} is not null or ${t.fixedPrice} is not null`,
    ),
    check('insurance_offers_scope_check', inList('scope', INSURANCE_SCOPES)),
  ],
)

// ---------------------------------------------------------------------------------------------
// Agencies, bookings, payments
// ---------------------------------------------------------------------------------------------

export const agencies = pgTable('agencies', {
  id: id(),
  /** vc_card.ratio_agency_id, stored in the browser as AgenturId (spec 3). */
  ratioAgencyId: integer('ratio_agency_id').notNull().unique(),
  name: text('name').notNull(),
  street: text('street').notNull(),
  zip: text('zip').notNull(),
  city: text('city').notNull(),
  phone: text('phone'),
  email: text('email'),
  website: text('website'),
  login: text('login').unique(),
  passwordHash: text('password_hash'),
})

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    bookingNumber: text('booking_number').notNull().unique(),
    tripDateId: integer('trip_date_id')
      .notNull()
      .references(() => tripDates.id, { onDelete: 'restrict' }),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    gesamtpreis: money('gesamtpreis').notNull(),
    paymentMethod: text('payment_method').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    contact: jsonb('contact').$type<Record<string, unknown>>().notNull().default({}),
    rooms: jsonb('rooms').$type<unknown[]>().notNull().default([]),
    vouchers: jsonb('vouchers').$type<unknown[]>().notNull().default([]),
    createdAt: createdAt(),
    /** A draft books at most once. */
    draftId: text('draft_id').unique(),
    /** sha256 of the booking request: a used Idempotency-Key with another request is refused. */
    requestHash: text('request_hash').notNull().default(''),
    /** Travellers, i.e. places taken on the date. */
    places: integer('places').notNull().default(0),
    /** Spec 2 referrer parameter, as the browser kept it. */
    referrer: text('referrer'),
    priceLines: jsonb('price_lines').$type<unknown[]>().notNull().default([]),
    consentedAt: timestamp('consented_at', { withTimezone: true, mode: 'date' }),
    /** The trip's terms (cancellation scale …) as booked; null for bookings older than migration 0010. */
    tripTerms: jsonb('trip_terms').$type<unknown>(),
    /** Who made it: the customer online, an agency, or the office on the phone. */
    channel: text('channel', { enum: BOOKING_CHANNELS }).notNull().default('online'),
    /** The staff member who took a phone booking (the consent was then given by phone). */
    bookedByStaff: text('booked_by_staff').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** The add-ons chosen once per booking, by id (the per-person ones are with each traveller). */
    bookingServices: jsonb('booking_services').$type<{ id: number }[]>().notNull().default([]),
    /** Raised by every change the office makes; the confirmation sent again names it. */
    documentVersion: integer('document_version').notNull().default(1),
    /** The money in, net of refunds; kept by the ledger's triggers (migration 0017), never written here. */
    paidAmount: money('paid_amount').notNull().default(0),
    /** The money refunded (trigger). */
    refundedAmount: money('refunded_amount').notNull().default(0),
    /** The earliest due day of an instalment the money in does not cover; null when none is left (trigger). */
    openDue: date('open_due', { mode: 'string' }),
    /** The payment state without 'overdue' (which depends on the day it is read); null: nothing owed (trigger). */
    paymentState: text('payment_state', { enum: STORED_PAYMENT_STATES }),
    /** What a cancelled booking still owes (its cancellation fee); null while it is not cancelled. */
    cancellationFee: money('cancellation_fee'),
    /** What its cancellation said (`CancellationRecord`, migration 0022): the Stornorechnung is made from it; null while not cancelled. */
    cancellation: jsonb('cancellation').$type<unknown>(),
  },
  (t) => [
    index('bookings_trip_date_idx').on(t.tripDateId),
    index('bookings_agency_idx').on(t.agencyId),
    index('bookings_payment_state_idx').on(t.paymentState, t.openDue),
    /** Mein Konto lists the bookings whose booker has the account's confirmed address (migration 0023). */
    index('bookings_booker_email_idx').on(sql`lower(${t.contact} ->> 'email')`),
    check('bookings_gesamtpreis_check', sql`${t.gesamtpreis} >= 0`),
    check('bookings_places_check', sql`${t.places} >= 0`),
    check('bookings_channel_check', inList('channel', BOOKING_CHANNELS)),
    check('bookings_booked_by_staff_check', sql`${t.bookedByStaff} is null or ${t.channel} = 'phone'`),
    check('bookings_document_version_check', sql`${t.documentVersion} >= 1`),
  ],
)

/**
 * A booking made as a guest (or under another address) that a customer linked to their account with
 * its number, the booker's surname and the departure date (DESIGN 13). Deleting the account or the
 * booking deletes the link, never the booking.
 */
export const customerBookingLinks = pgTable(
  'customer_booking_links',
  {
    userId: text('user_id')
      .notNull()
      .references(() => customerUsers.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    linkedAt: timestamp('linked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookingId] }), index('customer_booking_links_booking_idx').on(t.bookingId)],
)

export const AUDIT_ACTOR_KINDS = ['staff', 'customer', 'agency', 'system'] as const
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number]

/**
 * Who did what to which booking, when, with the values before and after (DESIGN 11). Append-only:
 * a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0014). No foreign keys: the history of a
 * booking stays when its row changes, and an actor is kept as named at the time.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorKind: text('actor_kind', { enum: AUDIT_ACTOR_KINDS }).notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    bookingId: integer('booking_id'),
    bookingNumber: text('booking_number'),
    action: text('action').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
  },
  (t) => [
    check('audit_log_actor_kind_check', inList('actor_kind', AUDIT_ACTOR_KINDS)),
    index('audit_log_booking_idx').on(t.bookingId, t.id),
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
  ],
)

/** Teilnehmer of a booking (spec 3 participant). */
export const bookingParticipants = pgTable(
  'booking_participants',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    roomIndex: integer('room_index').notNull().default(0),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    city: text('city'),
    tel: text('tel'),
    email: text('email'),
    street: text('street'),
    streetNr: text('street_nr'),
    zip: text('zip'),
    buchender: boolean('buchender').notNull().default(false),
    boardingPointId: integer('boarding_point_id').references(() => boardingPoints.id, { onDelete: 'set null' }),
    seat: text('seat'),
    insurance: jsonb('insurance').$type<unknown[]>().notNull().default([]),
    services: jsonb('services').$type<unknown[]>().notNull().default([]),
    price: money('price').notNull(),
    /** Haustürtransfer: the postcode the traveller is picked up at, instead of a boarding point. */
    transferZip: text('transfer_zip'),
    /** 'keine', 'rollator' or 'rollstuhl' (DESIGN 6: operators ask for mobility aids). */
    mobility: text('mobility').notNull().default('keine'),
  },
  (t) => [index('booking_participants_booking_idx').on(t.bookingId)],
)

/** One row per held or booked seat; the unique index makes a second reservation of a seat impossible. */
export const seatReservations = pgTable(
  'seat_reservations',
  {
    id: id(),
    tripDateId: integer('trip_date_id')
      .notNull()
      .references(() => tripDates.id, { onDelete: 'cascade' }),
    seat: text('seat').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** The draft holding the seat; exactly one of bookingId and holdToken is set. */
    holdToken: text('hold_token').references(() => bookingDrafts.id, { onDelete: 'cascade' }),
    heldUntil: timestamp('held_until', { withTimezone: true, mode: 'date' }),
    /** The client that took the hold: a keyed hash of its address (issue 24); null on booked seats. */
    clientKey: text('client_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('seat_reservations_booking_idx').on(t.bookingId),
    index('seat_reservations_hold_token_idx').on(t.holdToken),
    // a constraint (not just an index) so `on conflict on constraint` can name it
    unique('seat_reservations_trip_date_seat_unique').on(t.tripDateId, t.seat),
    check('seat_reservations_owner_check', sql`(${t.bookingId} is null) <> (${t.holdToken} is null)`),
    check('seat_reservations_hold_check', sql`${t.holdToken} is null or ${t.heldUntil} is not null`),
    check('seat_reservations_client_check', sql`${t.clientKey} is null or ${t.holdToken} is not null`),
    index('seat_reservations_client_idx').on(t.clientKey, t.heldUntil).where(sql`${t.clientKey} is not null`),
  ],
)

/**
 * When a draft, and a client, first held a seat of a date (issue 24): a hold's maximum counts from
 * the earliest, so dropping a seat and picking it again never restarts it. Kept for twice the
 * maximum after the start, then swept.
 */
export const seatHoldStarts = pgTable(
  'seat_hold_starts',
  {
    tripDateId: integer('trip_date_id')
      .notNull()
      .references(() => tripDates.id, { onDelete: 'cascade' }),
    seat: text('seat').notNull(),
    /** A draft id, or 'client:' and the client's key. */
    holder: text('holder').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ name: 'seat_hold_starts_pk', columns: [t.tripDateId, t.seat, t.holder] }), index('seat_hold_starts_started_idx').on(t.startedAt)],
)

export const payments = pgTable(
  'payments',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    amount: money('amount').notNull(),
    status: text('status').notNull(),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    check('payments_kind_check', inList('kind', PAYMENT_KINDS)),
    check('payments_amount_check', sql`${t.amount} >= 0`),
    index('payments_booking_idx').on(t.bookingId),
    unique('payments_booking_kind_unique').on(t.bookingId, t.kind),
  ],
)

/**
 * The ledger: money that came in for a booking or went back to its customer (issue 26, item 1),
 * never changed once written. Which instalments it pays follows from it (migration 0017's triggers).
 */
export const paymentEntries = pgTable(
  'payment_entries',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEDGER_ENTRY_KINDS }).notNull(),
    /** Always positive; a refund is money out by its kind. */
    amount: money('amount').notNull(),
    /** The day the money came in or went out (the statement's value date). */
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    method: text('method', { enum: LEDGER_METHODS }).notNull(),
    /** The bank's reference or the office's note ('Kontoauszug 12/2027'). */
    reference: text('reference').notNull().default(''),
    /** Who recorded it; null for an import or a job. */
    staffId: text('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The direct debit this entry collected (`payment`) or the bank took back (`return`); migration 0019. */
    sepaDebitId: integer('sepa_debit_id').references((): AnyPgColumn => sepaDebits.id, { onDelete: 'restrict' }),
    /** The bank's reason of a return (ISO 20022 code such as 'AM04'); only for kind `return`. */
    returnReason: text('return_reason'),
  },
  (t) => [
    index('payment_entries_booking_idx').on(t.bookingId),
    check('payment_entries_kind_check', inList('kind', LEDGER_ENTRY_KINDS)),
    check('payment_entries_method_check', inList('method', LEDGER_METHODS)),
    check('payment_entries_amount_check', sql`${t.amount} > 0`),
    check('payment_entries_reference_check', sql`length(${t.reference}) <= 200`),
    // One collection and at most one return per debit: a debit is never collected twice.
    unique('payment_entries_sepa_debit_kind_unique').on(t.sepaDebitId, t.kind),
    check('payment_entries_sepa_debit_check', sql`${t.sepaDebitId} is null or (${t.method} = 'lastschrift' and ${t.kind} in ('payment', 'return'))`),
    check(
      'payment_entries_return_check',
      sql`(${t.kind} = 'return') = (${t.returnReason} is not null) and (${t.kind} <> 'return' or ${t.sepaDebitId} is not null)`,
    ),
    check('payment_entries_return_reason_check', sql`${t.returnReason} is null or ${t.returnReason} ~ '^[A-Z]{2}[0-9]{2}$'`),
  ],
)

/**
 * A pain.008 file the office made (issue 26, item 3), kept exactly as given out: downloading it
 * again gives the same file, never a new one with the same debits.
 */
export const sepaExports = pgTable(
  'sepa_exports',
  {
    id: id(),
    /** GrpHdr/MsgId, unique per creditor. */
    messageId: text('message_id').notNull(),
    createdAt: createdAt(),
    staffId: text('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    debits: integer('debits').notNull(),
    total: money('total').notNull(),
    xml: text('xml').notNull(),
    /** The day the bank credited the file's debits, once the office marked them collected. */
    collectedOn: date('collected_on', { mode: 'string' }),
  },
  (t) => [
    unique('sepa_exports_message_id_unique').on(t.messageId),
    check('sepa_exports_message_id_check', sql`length(${t.messageId}) between 1 and 35`),
    check('sepa_exports_debits_check', sql`${t.debits} > 0`),
    check('sepa_exports_total_check', sql`${t.total} > 0`),
  ],
)

/**
 * One instalment to be taken from the customer's account under the booking's mandate: written with
 * its pre-notification mail, put into one file (a trigger keeps it there), then collected and maybe
 * returned (the ledger entries that name it).
 */
export const sepaDebits = pgTable(
  'sepa_debits',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    mandateId: integer('mandate_id')
      .notNull()
      .references(() => sepaMandates.id, { onDelete: 'restrict' }),
    /** The n-th debit of the instalment (a new one after a return). */
    attempt: smallint('attempt').notNull(),
    amount: money('amount').notNull(),
    /** The debit day the pre-notification named. */
    collectionDate: date('collection_date', { mode: 'string' }).notNull(),
    sequenceType: text('sequence_type', { enum: SEQUENCE_TYPES }).notNull(),
    endToEndId: text('end_to_end_id').notNull(),
    announcedAt: timestamp('announced_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    announcedBy: text('announced_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** The pre-notification in the outbox. */
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    exportId: integer('export_id').references(() => sepaExports.id, { onDelete: 'restrict' }),
  },
  (t) => [
    unique('sepa_debits_payment_attempt_unique').on(t.paymentId, t.attempt),
    unique('sepa_debits_end_to_end_id_unique').on(t.endToEndId),
    check('sepa_debits_attempt_check', sql`${t.attempt} >= 1`),
    check('sepa_debits_amount_check', sql`${t.amount} > 0 and ${t.amount} % 10000 = 0`),
    check('sepa_debits_sequence_type_check', inList('sequence_type', SEQUENCE_TYPES)),
    check('sepa_debits_end_to_end_id_check', sql`${t.endToEndId} ~ '^[A-Za-z0-9/?:().,''+ -]{1,35}$'`),
    index('sepa_debits_booking_idx').on(t.bookingId),
    index('sepa_debits_export_idx').on(t.exportId),
    index('sepa_debits_not_exported_idx').on(t.collectionDate).where(sql`${t.exportId} is null`),
  ],
)

export const INVOICE_KINDS = ['invoice', 'cancellation'] as const
export type InvoiceKind = (typeof INVOICE_KINDS)[number]

/** The year's invoice counter (migration 0021): the last number issued. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  { year: integer('year').primaryKey(), last: integer('last').notNull() },
  (t) => [check('invoice_counters_last_check', sql`${t.last} > 0`)],
)

/**
 * An invoice: a version of a booking's Reisebestätigung/Rechnung, or its cancellation invoice.
 * Issued by the database at commit, numbered without gaps, never changed (migration 0021).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    /** '2026-000123' */
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    /** The booking's document version it was issued for. */
    version: integer('version').notNull(),
    amount: money('amount').notNull(),
    priceLines: jsonb('price_lines').$type<unknown[]>().notNull().default([]),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('invoices_number_unique').on(t.number),
    unique('invoices_year_seq_unique').on(t.year, t.seq),
    unique('invoices_booking_kind_version_unique').on(t.bookingId, t.kind, t.version),
    check('invoices_kind_check', inList('kind', INVOICE_KINDS)),
    check('invoices_amount_check', sql`${t.amount} >= 0`),
    index('invoices_booking_idx').on(t.bookingId, t.issuedAt),
  ],
)

/** A notice a scheduled job sent for a booking (migration 0020): one per kind and subject, ever. */
export const bookingNotices = pgTable(
  'booking_notices',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    /** What it is about: 'rate:{payment id}' or 'termin:{trip date id}'. */
    subject: text('subject').notNull(),
    /** The day the job ran for (Berlin). */
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'booking_notices_pk', columns: [t.bookingId, t.kind, t.subject] }),
    check('booking_notices_kind_check', inList('kind', NOTICE_KINDS)),
    index('booking_notices_kind_idx').on(t.kind, t.sentOn),
  ],
)

/** A bank statement the office read (CAMT.053, issue 26 item 2); its credits are below. */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: id(),
    fileName: text('file_name').notNull(),
    /** The statements' own ids (Stmt/Id). */
    statementRef: text('statement_ref').notNull().default(''),
    accountIban: text('account_iban').notNull().default(''),
    importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    staffId: text('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('bank_statements_imported_idx').on(t.importedAt.desc(), t.id.desc()),
    check('bank_statements_file_name_check', sql`length(${t.fileName}) <= 200`),
    check('bank_statements_statement_ref_check', sql`length(${t.statementRef}) <= 400`),
  ],
)

/**
 * A credit of a bank statement and what became of it (lib/office/bank-statement.ts). Its checksum
 * (the bank's reference where there is one, creditIdentity) is unique: reading a statement again
 * adds nothing (migrations 0018, 0028).
 */
export const bankStatementEntries = pgTable(
  'bank_statement_entries',
  {
    id: id(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'cascade' }),
    checksum: text('checksum').notNull(),
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    valueOn: date('value_on', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    payer: text('payer').notNull().default(''),
    payerIban: text('payer_iban').notNull().default(''),
    remittance: text('remittance').notNull().default(''),
    bankReference: text('bank_reference').notNull().default(''),
    state: text('state', { enum: BANK_ENTRY_STATES }).notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    paymentEntryId: integer('payment_entry_id').references(() => paymentEntries.id, { onDelete: 'set null' }),
    /** Who assigned it by hand or set it aside. */
    decidedBy: text('decided_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** A possible duplicate's equal credit before it (migration 0028). */
    duplicateOf: integer('duplicate_of').references((): AnyPgColumn => bankStatementEntries.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('bank_statement_entries_checksum_unique').on(t.checksum),
    unique('bank_statement_entries_payment_entry_unique').on(t.paymentEntryId),
    check('bank_statement_entries_amount_check', sql`${t.amount} > 0`),
    check('bank_statement_entries_state_check', inList('state', BANK_ENTRY_STATES)),
    check(
      'bank_statement_entries_open_check',
      sql`${t.state} in ('matched', 'partial', 'assigned') or (${t.paymentEntryId} is null and ${t.bookingId} is null)`,
    ),
    check(
      'bank_statement_entries_text_check',
      sql`length(${t.payer}) <= 140 and length(${t.payerIban}) <= 34 and length(${t.remittance}) <= 1000 and length(${t.bankReference}) <= 200`,
    ),
    index('bank_statement_entries_statement_idx').on(t.statementId, t.id),
    index('bank_statement_entries_open_idx').on(t.valueOn, t.id).where(sql`${t.state} in ('unmatched', 'possible-duplicate')`),
  ],
)

/** A SEPA direct-debit mandate given while booking or later on /payment/{data}. */
export const sepaMandates = pgTable(
  'sepa_mandates',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Mandatsreferenz */
    reference: text('reference').notNull().unique(),
    iban: text('iban').notNull(),
    accountHolder: text('account_holder').notNull(),
    /** The mandate text exactly as the customer agreed to it. */
    mandateText: text('mandate_text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sepa_mandates_booking_idx').on(t.bookingId)],
)

/**
 * A booking in progress, on the server (DESIGN 6): created on entry, saved at every step, deleted
 * with its personal data and its seat holds when it expires.
 */
export const bookingDrafts = pgTable(
  'booking_drafts',
  {
    /** 32 random bytes, base64url: the browser's cookie value and the API's draftId. */
    id: text('id').primaryKey(),
    tripDateId: integer('trip_date_id')
      .notNull()
      .references(() => tripDates.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<unknown>().notNull(),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    /** Raised by every save that changes `data`; a save or booking names the revision it is based on. */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('booking_drafts_expires_idx').on(t.expiresAt),
    check('booking_drafts_id_check', sql`length(${t.id}) between 32 and 64`),
    check('booking_drafts_revision_check', sql`${t.revision} > 0`),
  ],
)

export const vouchers = pgTable(
  'vouchers',
  {
    id: id(),
    einloesecode: text('einloesecode').notNull().unique(),
    value: money('value').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    singleUse: boolean('single_use').notNull().default(true),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true, mode: 'date' }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('vouchers_value_check', sql`${t.value} > 0`),
    check('vouchers_validity_check', sql`${t.validUntil} >= ${t.validFrom}`),
  ],
)

// ---------------------------------------------------------------------------------------------
// Content
// ---------------------------------------------------------------------------------------------

export const blogEntries = pgTable(
  'blog_entries',
  {
    id: id(),
    /** 2 = front page, 29 = advantages, 1 = ordinary post */
    idWebBlogType: integer('id_web_blog_type').notNull(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    teaser: text('teaser').notNull().default(''),
    /** HTML */
    body: text('body').notNull().default(''),
    image: text('image'),
    icon: text('icon'),
    dateShow: timestamp('date_show', { withTimezone: true, mode: 'date' }).notNull(),
    dateAdd: timestamp('date_add', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    published: boolean('published').notNull().default(true),
  },
  (t) => [index('blog_entries_type_date_idx').on(t.idWebBlogType, t.dateShow)],
)

export const testimonials = pgTable(
  'testimonials',
  {
    id: id(),
    author: text('author').notNull(),
    city: text('city'),
    tripId: integer('trip_id').references(() => trips.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    travelledOn: date('travelled_on', { mode: 'string' }),
  },
  (t) => [
    check('testimonials_rating_check', sql`${t.rating} between 1 and 5`),
    index('testimonials_trip_idx').on(t.tripId),
  ],
)

export const menus = pgTable('menus', {
  id: id(),
  /** 'main' | 'footer' | 'service' */
  key: text('key').notNull().unique(),
  items: jsonb('items').$type<MenuItem[]>().notNull().default([]),
})

export const contentPages = pgTable(
  'content_pages',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    kind: text('kind', { enum: CONTENT_PAGE_KINDS }).notNull(),
    title: text('title').notNull(),
    teaser: text('teaser').notNull().default(''),
    /** HTML */
    body: text('body').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('content_pages_kind_check', inList('kind', CONTENT_PAGE_KINDS)),
    index('content_pages_kind_sort_idx').on(t.kind, t.sort),
  ],
)

/** Reiseimpressionen: photo galleries of past trips. */
export const impressions = pgTable(
  'impressions',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    tripId: integer('trip_id').references(() => trips.id, { onDelete: 'set null' }),
    travelledOn: date('travelled_on', { mode: 'string' }),
    images: jsonb('images').$type<ImageRef[]>().notNull().default([]),
  },
  (t) => [index('impressions_trip_idx').on(t.tripId)],
)

export const faqEntries = pgTable(
  'faq_entries',
  {
    id: id(),
    question: text('question').notNull(),
    /** HTML */
    answer: text('answer').notNull(),
    topic: text('topic').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('faq_entries_topic_sort_idx').on(t.topic, t.sort)],
)

// ---------------------------------------------------------------------------------------------
// Forms, newsletter, mail
// ---------------------------------------------------------------------------------------------

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: id(),
    email: text('email').notNull().unique(),
    status: text('status', { enum: NEWSLETTER_STATUSES }).notNull().default('pending'),
    /** Confirms a pending sign-up, then unsubscribes (the links in the mails). */
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    /** The moment of consent: the confirmation link was followed. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    /** The last sign-up; a pending row older than NEWSLETTER_PENDING_DAYS is deleted. */
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The wording the person agreed to at sign-up, and its version (NEWSLETTER_CONSENT_VERSION). */
    consentText: text('consent_text'),
    consentVersion: text('consent_version'),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
    /** Confirmation mails sent since confirmationWindowAt (at most a few a day per address). */
    confirmationMails: integer('confirmation_mails').notNull().default(0),
    confirmationWindowAt: timestamp('confirmation_window_at', { withTimezone: true, mode: 'date' }),
    /** The mailbox the address delivers to: name+tag@ is name@ (made by the database, migration 0012; the rule of mailboxOf in app/lib/mailbox.ts on the lower-case address). */
    mailbox: text('mailbox').generatedAlwaysAs(sql`regexp_replace(email, '\\+[^@]*@', '@')`),
  },
  (t) => [
    check('newsletter_subscriptions_status_check', inList('status', NEWSLETTER_STATUSES)),
    index('newsletter_subscriptions_pending_idx').on(t.requestedAt).where(sql`${t.status} = 'pending'`),
    index('newsletter_subscriptions_mailbox_idx').on(t.mailbox),
  ],
)

export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: id(),
    form: text('form').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    /**
     * A hash of the client and the content, to answer a resend within minutes without storing it
     * twice; the sweeper clears it once that window has passed.
     */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    index('form_submissions_form_created_idx').on(t.form, t.createdAt),
    index('form_submissions_dedupe_idx').on(t.dedupeKey, t.createdAt).where(sql`${t.dedupeKey} is not null`),
  ],
)

/** One row per form or newsletter request of a client (a keyed hash of its address), kept minutes. */
export const formAttempts = pgTable(
  'form_attempts',
  {
    id: id(),
    /** 'form:kontakt', 'newsletter' … */
    scope: text('scope').notNull(),
    clientKey: text('client_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('form_attempts_client_idx').on(t.scope, t.clientKey, t.createdAt), index('form_attempts_created_idx').on(t.createdAt)],
)

/** Spec 3 mail-form template, one per form key ('katalog', 'kontakt', 'gruppenanfrage', 'reiseanfrage'). */
export const mailFormTemplates = pgTable('mail_form_templates', {
  key: text('key').primaryKey(),
  from: text('from').notNull(),
  /** Recipient of the form mail at the operator. */
  email: text('email').notNull(),
  cc: text('cc').notNull().default(''),
  bcc: text('bcc').notNull().default(''),
  subject: text('subject').notNull(),
  /** Confirmation text shown to the sender. */
  message: text('message').notNull(),
  /** Body of the mail; `{{field}}` placeholders. */
  template: text('template').notNull(),
})

/** Outgoing mail is written here first, so nothing is lost when the SMTP server is down. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    cc: text('cc').notNull().default(''),
    bcc: text('bcc').notNull().default(''),
    /** Extra headers such as List-Unsubscribe; names and values are fixed by the code, never user input. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** What to attach, rendered when the mail is delivered (e.g. a booking's confirmation PDF). */
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>().notNull().default([]),
    /** Not before this time: retries back off. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The From header when it is not MAIL_FROM (a form template's `from`); '' for MAIL_FROM. */
    sender: text('sender').notNull().default(''),
    /** When the body (text, HTML, extra headers) of the delivered mail was deleted; the row stays as the record. */
    bodyDeletedAt: timestamp('body_deleted_at', { withTimezone: true, mode: 'date' }),
    /** The booking the mail is about (the office lists a booking's mails). */
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('mail_outbox_status_check', inList('status', MAIL_STATUSES)),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('mail_outbox_booking_idx').on(t.bookingId).where(sql`${t.bookingId} is not null`),
    index('mail_outbox_sent_body_idx').on(t.sentAt).where(sql`${t.status} = 'sent' AND ${t.bodyDeletedAt} IS NULL`),
  ],
)

/** Ferientermine per German state (two-letter code such as 'NW'). */
export const schoolHolidays = pgTable(
  'school_holidays',
  {
    id: id(),
    state: text('state').notNull(),
    name: text('name').notNull(),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTill: date('date_till', { mode: 'string' }).notNull(),
  },
  (t) => [
    check('school_holidays_range_check', sql`${t.dateTill} >= ${t.dateFrom}`),
    index('school_holidays_state_date_idx').on(t.state, t.dateFrom),
  ],
)

/** Small key/value facts about the database itself, e.g. 'seed_version'. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

// ---------------------------------------------------------------------------------------------
// Relations (for `db.query.*.findMany({ with: … })`)
// ---------------------------------------------------------------------------------------------

export const categoriesRelations = relations(categories, ({ many }) => ({
  tripCategories: many(tripCategories),
}))

export const countriesRelations = relations(countries, ({ many }) => ({
  regionCountries: many(regionCountries),
  tripCountries: many(tripCountries),
  hotels: many(hotels),
}))

export const regionsRelations = relations(regions, ({ many }) => ({
  regionCountries: many(regionCountries),
  tripRegions: many(tripRegions),
}))

export const regionCountriesRelations = relations(regionCountries, ({ one }) => ({
  region: one(regions, { fields: [regionCountries.regionId], references: [regions.id] }),
  country: one(countries, { fields: [regionCountries.countryId], references: [countries.id] }),
}))

export const shipsRelations = relations(ships, ({ many }) => ({
  trips: many(trips),
}))

export const hotelsRelations = relations(hotels, ({ one, many }) => ({
  country: one(countries, { fields: [hotels.countryId], references: [countries.id] }),
  trips: many(trips),
}))

export const tripsRelations = relations(trips, ({ one, many }) => ({
  ship: one(ships, { fields: [trips.shipId], references: [ships.id] }),
  hotel: one(hotels, { fields: [trips.hotelId], references: [hotels.id] }),
  tripCategories: many(tripCategories),
  tripCountries: many(tripCountries),
  tripRegions: many(tripRegions),
  dates: many(tripDates),
  tripBoardingPoints: many(tripBoardingPoints),
  services: many(services),
  testimonials: many(testimonials),
  impressions: many(impressions),
}))

export const tripCategoriesRelations = relations(tripCategories, ({ one }) => ({
  trip: one(trips, { fields: [tripCategories.tripId], references: [trips.id] }),
  category: one(categories, { fields: [tripCategories.categoryId], references: [categories.id] }),
}))

export const tripCountriesRelations = relations(tripCountries, ({ one }) => ({
  trip: one(trips, { fields: [tripCountries.tripId], references: [trips.id] }),
  country: one(countries, { fields: [tripCountries.countryId], references: [countries.id] }),
}))

export const tripRegionsRelations = relations(tripRegions, ({ one }) => ({
  trip: one(trips, { fields: [tripRegions.tripId], references: [trips.id] }),
  region: one(regions, { fields: [tripRegions.regionId], references: [regions.id] }),
}))

export const seatPlansRelations = relations(seatPlans, ({ many }) => ({
  tripDates: many(tripDates),
}))

export const tripDatesRelations = relations(tripDates, ({ one, many }) => ({
  trip: one(trips, { fields: [tripDates.tripId], references: [trips.id] }),
  seatPlan: one(seatPlans, { fields: [tripDates.seatPlanId], references: [seatPlans.id] }),
  seatReservations: many(seatReservations),
  bookings: many(bookings),
}))

export const boardingPointsRelations = relations(boardingPoints, ({ many }) => ({
  tripBoardingPoints: many(tripBoardingPoints),
}))

export const tripBoardingPointsRelations = relations(tripBoardingPoints, ({ one }) => ({
  trip: one(trips, { fields: [tripBoardingPoints.tripId], references: [trips.id] }),
  boardingPoint: one(boardingPoints, {
    fields: [tripBoardingPoints.boardingPointId],
    references: [boardingPoints.id],
  }),
}))

export const servicesRelations = relations(services, ({ one }) => ({
  trip: one(trips, { fields: [services.tripId], references: [trips.id] }),
}))

export const agenciesRelations = relations(agencies, ({ many }) => ({
  bookings: many(bookings),
}))

export const bookingsRelations = relations(bookings, ({ one, many }) => ({
  tripDate: one(tripDates, { fields: [bookings.tripDateId], references: [tripDates.id] }),
  agency: one(agencies, { fields: [bookings.agencyId], references: [agencies.id] }),
  participants: many(bookingParticipants),
  payments: many(payments),
  seatReservations: many(seatReservations),
}))

export const bookingParticipantsRelations = relations(bookingParticipants, ({ one }) => ({
  booking: one(bookings, { fields: [bookingParticipants.bookingId], references: [bookings.id] }),
  boardingPoint: one(boardingPoints, {
    fields: [bookingParticipants.boardingPointId],
    references: [boardingPoints.id],
  }),
}))

export const seatReservationsRelations = relations(seatReservations, ({ one }) => ({
  tripDate: one(tripDates, { fields: [seatReservations.tripDateId], references: [tripDates.id] }),
  booking: one(bookings, { fields: [seatReservations.bookingId], references: [bookings.id] }),
}))

export const paymentsRelations = relations(payments, ({ one }) => ({
  booking: one(bookings, { fields: [payments.bookingId], references: [bookings.id] }),
}))

export const vouchersRelations = relations(vouchers, ({ one }) => ({
  booking: one(bookings, { fields: [vouchers.bookingId], references: [bookings.id] }),
}))

export const testimonialsRelations = relations(testimonials, ({ one }) => ({
  trip: one(trips, { fields: [testimonials.tripId], references: [trips.id] }),
}))

export const impressionsRelations = relations(impressions, ({ one }) => ({
  trip: one(trips, { fields: [impressions.tripId], references: [trips.id] }),
}))

// The office's staff accounts.
export * from './staff-schema'
// Customer accounts (DESIGN 13).
export * from './customer-schema'
