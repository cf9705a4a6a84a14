// The booking API's operations (DESIGN 4) with examples made from the database: the first
// bookable date, a complete draft with seats free right now, its real prices.
import { BUS_CANCELLATION_SCALE } from '~/lib/booking/cancellation'
import { randomUUID } from 'node:crypto'
import { and, asc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm'
import * as z from 'zod/mini'
import '~/lib/zod-de'
import { bookingDraftSchema, newDraft, roomsFor, travellers } from '~/lib/booking/draft'
import type { BookingDraft, BookingDraftInput } from '~/lib/booking/draft'
import type { BookingOffer } from '~/lib/booking/offer'
import { priceBooking } from '~/lib/booking/price'
import { firstIncompleteStep, stepIssues } from '~/lib/booking/steps'
import { addDays, todayInBerlin } from '~/lib/calendar'
import type { Database } from '../../db/database.server'
import { holdLimitMessage } from '~/lib/booking/hold-limits'
import { MAX_TRAVELLERS } from '~/lib/booking/offer'
import { tripDates, trips } from '../../db/schema'
import { apiErrorSchema, availabilityOf, availabilitySchema, bookConflictSchema, bookedSchema, bookRequestBodySchema, createdDraftBody, createdDraftSchema, createDraftRequestSchema, holdLimitBody, incompleteBody, invalidDraftBody, MESSAGES, savedDraftBody, savedDraftSchema, seatConflictBody, seatConflictSchema, staleBookingBody, stepErrorSchema } from '../../services/booking/api.server'
import type { Availability } from '../../services/booking/api.server'
import { normaliseDraft } from '../../services/booking/drafts.server'
import { bookRequestSchema, idempotencyKeySchema, STALE_BOOKING_MESSAGE } from '../../services/booking/book.server'
import { loadOffer, unbookableReason, UNBOOKABLE_MESSAGES } from '../../services/booking/offer.server'
import { MAX_ID } from '~/lib/ids'

import { toSchema, draftInputSchema, TAGS, EXAMPLE_UNKNOWN_DRAFT_ID, internalError, bodyErrors, draftIdParameter } from './shared.server'
import type { Example, OperationSpec, OpenApiOptions } from './shared.server'

// ---------------------------------------------------------------------------------------------
// Example data from the database.

type ExampleDate = { offer: BookingOffer; availability: Availability }

/** The first bookable upcoming date (with or without seat plan) with at least `places` free places. */
async function exampleDate(db: Database, seatPlan: boolean, places: number, now: Date): Promise<ExampleDate | null> {
  const rows = await db
    .select({ id: tripDates.id })
    .from(tripDates)
    .innerJoin(trips, and(eq(trips.id, tripDates.tripId), eq(trips.published, true)))
    .where(
      and(
        inArray(tripDates.bookable, [0, 4, 5]),
        gt(tripDates.dateFrom, addDays(todayInBerlin(now), 14)),
        seatPlan ? isNotNull(tripDates.seatPlanId) : isNull(tripDates.seatPlanId),
        gt(tripDates.capacity, places),
      ),
    )
    .orderBy(asc(tripDates.id))
    .limit(40)
  for (const { id } of rows) {
    const offer = await loadOffer(db, id)
    if (!offer || (await unbookableReason(db, offer)) !== null) continue
    const availability = await availabilityOf(db, offer, now)
    if (availability.freePlaces >= places) return { offer, availability }
  }
  return null
}

const NAMES = [
  ['Anna', 'Becker'],
  ['Bernd', 'Becker'],
] as const

/** A complete draft for two: seats, boarding point, names, the booker's contact, an insurance and an add-on where offered. */
function completeDraft(offer: BookingOffer, seats: readonly string[]): BookingDraft {
  const rooms = roomsFor([], offer.roomTypes.includes('DZ') ? { DZ: 1 } : { OHNE: 2 })
  const draft: BookingDraft = { ...bookingDraftSchema.parse({}), allRooms: rooms }
  const point = offer.boardingPoints[0]
  const perPerson = offer.services.find((s) => s.per === 'person')
  for (const { p, index } of travellers(draft)) {
    const [firstname, lastname] = NAMES[index] ?? ['Person', String(index + 1)]
    p.firstname = firstname
    p.lastname = lastname
    p.seat = offer.seatPlan ? (seats[index] ?? null) : null
    p.boarding = point ? { kind: 'point', boardingPointId: point.id } : null
    if (index === 0 && offer.insuranceOffers[0]) p.insurance = [{ id: offer.insuranceOffers[0].id }]
    if (index === 1 && perPerson) p.services = [{ id: perPerson.id }]
    if (p.buchender) {
      p.street = 'Hauptstraße'
      p.street_nr = '12a'
      p.zip = '33602'
      p.city = 'Bielefeld'
      p.email = 'anna.becker@example.de'
      p.tel = '0521 123456'
    }
  }
  draft.payment = { method: 'ueberweisung', iban: '', accountHolder: '', mandate: false }
  return draft
}

/** What a client sends: the draft without the fields the server computes. */
function asRequest(draft: BookingDraft): BookingDraftInput {
  return {
    allRooms: draft.allRooms.map((room) => ({
      type: room.type,
      teilnehmer: room.teilnehmer.map(({ showName: _showName, price_per_person: _price, ...p }) => p),
    })),
    bookingServices: draft.bookingServices,
    vouchers: draft.vouchers,
    payment: draft.payment,
  }
}

const INVALID_DRAFT_EXAMPLE = {
  allRooms: [
    {
      type: 'DZ',
      teilnehmer: [
        { firstname: 'Anna', lastname: 'Becker', buchender: true, seat: 'Fensterplatz' },
        { firstname: 'Bernd', lastname: 'Becker', mobility: 'Sänfte' },
      ],
    },
  ],
  payment: { method: 'bar' },
}

const minutes = (n: number) => n * 60_000

// ---------------------------------------------------------------------------------------------

export async function bookingOperations(db: Database, options: OpenApiOptions, now: Date): Promise<OperationSpec[]> {
  const [seatDate, capacityDate] = await Promise.all([exampleDate(db, true, 4, now), exampleDate(db, false, 4, now)])
  const flow = seatDate ?? capacityDate
  const unknownTripDateId = MAX_ID
  const exampleDraftId = 'Zk3mQ9x_Lr2VbT8nWc4sYh1PdJ6uEa0GfO7iKq5MtXy'
  const keys = { gebucht: randomUUID(), ohneAgb: randomUUID(), geaendert: randomUUID(), unvollstaendig: randomUUID(), unbekannt: randomUUID() }
  const expiresAt = new Date(now.getTime() + minutes(options.settings.draftMinutes))
  const holdsUntil = new Date(now.getTime() + minutes(options.settings.holdMinutes))
  const noDate = 'Zurzeit ist kein Termin online buchbar; das Beispiel zeigt nur die Form.'

  const freeSeats = flow ? flow.availability.seats.filter((s) => s.state === 'free').map((s) => s.seat) : []
  const draft = flow ? completeDraft(flow.offer, freeSeats.slice(0, 2)) : bookingDraftSchema.parse({})
  const pricing = flow ? priceBooking(flow.offer, draft) : priceBooking({ ...emptyOffer(), tripDateId: 0 }, draft)
  const storedDraft = normaliseDraft(draft, pricing)
  const requestDraft = asRequest(draft)
  const wantedSeats = travellers(draft).flatMap(({ p }) => (p.seat ? [p.seat] : []))
  const invalidIssues = bookingDraftSchema.safeParse(INVALID_DRAFT_EXAMPLE)
  const agbIssues = bookRequestSchema.safeParse({ acceptAgb: false, acceptPrivacy: true, referrer: null })
  const initial = flow ? newDraft(flow.offer) : bookingDraftSchema.parse({})
  const step1Issues = flow ? stepIssues(1, flow.offer, initial) : []
  const savedA = flow
    ? {
        draft: storedDraft,
        // Entwurf A: made (1), the invalid save stores nothing, the complete one changes it (2).
        revision: 2,
        pricing,
        holdsUntil: wantedSeats.length ? holdsUntil : null,
        expiresAt,
        incompleteStep: firstIncompleteStep(flow.offer, storedDraft),
      }
    : null
  const savedBody = flow && savedA ? savedDraftBody(exampleDraftId, flow.offer.tripDateId, flow.offer, savedA) : null
  const bookBody = { acceptAgb: true, acceptPrivacy: true, referrer: null, revision: 2 }
  const draftLinks = {
    entwurfSpeichern: { operationId: 'saveBookingDraft', parameters: { draftId: '$response.body#/draftId' }, description: 'Den Entwurf mit allen Angaben speichern.' },
    entwurfBuchen: { operationId: 'bookBookingDraft', parameters: { draftId: '$response.body#/draftId' }, description: 'Den vollständigen Entwurf buchen.' },
  }

  const availabilityExamples: Record<string, Example> = {}
  if (seatDate) availabilityExamples.sitzplan = { summary: `Termin mit Sitzplan (${seatDate.offer.tripTitle}, ${seatDate.offer.dateFrom})`, value: seatDate.availability }
  if (capacityDate) availabilityExamples.kapazitaet = { summary: `Termin ohne Sitzplan, nach Kapazität (${capacityDate.offer.tripTitle}, ${capacityDate.offer.dateFrom})`, value: capacityDate.availability }

  return [
    {
      method: 'get',
      path: '/api/trip-dates/{id}/availability',
      operationId: 'getTripDateAvailability',
      tags: [TAGS.booking],
      summary: 'Verfügbarkeit und Angebot eines Reisetermins',
      description:
        'Freie Plätze, jeder Sitz mit seinem Zustand, Zimmerarten, Zustiegsstellen, Haustürtransfer-Zonen, Zusatzleistungen und Versicherungen mit Preisen. Auch nicht buchbare Termine antworten 200 (bookableNow: false, mit Grund); nur unbekannte Termine 404.',
      parameters: [
        {
          name: 'id',
          in: 'path',
          required: true,
          description: 'Die Id des Reisetermins.',
          schema: { type: 'integer', minimum: 1, maximum: MAX_ID },
          examples: {
            ...(seatDate ? { sitzplan: { summary: 'Termin mit Sitzplan', value: seatDate.offer.tripDateId } } : {}),
            ...(capacityDate ? { kapazitaet: { summary: 'Termin ohne Sitzplan', value: capacityDate.offer.tripDateId } } : {}),
            unbekannt: { summary: 'Unbekannter Termin', value: unknownTripDateId },
            ungueltig: { summary: 'Keine Zahl', value: 'morgen' },
          },
        },
      ],
      responses: {
        '200': { description: 'Das Angebot des Termins mit seiner Verfügbarkeit.', schema: availabilitySchema, schemaName: 'Verfuegbarkeit', examples: availabilityExamples },
        '400': {
          description: 'Die Id ist keine positive ganze Zahl.',
          schema: apiErrorSchema,
          schemaName: 'Fehler',
          examples: { ungueltig: { summary: 'Keine Zahl', value: { error: `Ungültiger Parameter id: ${MESSAGES.badTripDateId}`, issues: [{ path: 'id', message: MESSAGES.badTripDateId }] } } },
        },
        '404': {
          description: 'Diesen Termin gibt es nicht (oder seine Reise ist nicht veröffentlicht).',
          schema: apiErrorSchema,
          schemaName: 'Fehler',
          examples: { unbekannt: { summary: 'Unbekannter Termin', value: { error: UNBOOKABLE_MESSAGES.unknown, issues: [] } } },
        },
        '500': internalError(),
      },
    },
    {
      method: 'post',
      path: '/api/booking-drafts',
      operationId: 'createBookingDraft',
      tags: [TAGS.booking],
      summary: 'Buchungsentwurf anlegen',
      description: `Legt einen Entwurf für einen buchbaren Termin an: ein Doppelzimmer für zwei (bei Tagesfahrten zwei Personen), sonst nichts gewählt. Der Entwurf besteht ${options.settings.draftMinutes} Minuten ab der letzten Änderung; danach werden er, seine Daten und seine Sitzplatzreservierungen gelöscht.`,
      parameters: [],
      requestBody: {
        description: 'Der Termin.',
        schema: createDraftRequestSchema,
        schemaName: 'EntwurfAnlegen',
        input: toSchema(createDraftRequestSchema, 'input'),
        examples: {
          neu: { summary: flow ? `Entwurf für Termin ${flow.offer.tripDateId}` : noDate, description: 'Zweimal senden ergibt zwei Entwürfe (A und B), wie sie die Beispiele unten nutzen.', value: { tripDateId: flow?.offer.tripDateId ?? 1 } },
          unbekannterTermin: { summary: 'Unbekannter Termin', value: { tripDateId: unknownTripDateId } },
        },
      },
      responses: {
        '201': {
          description: 'Angelegt. `Location` nennt die Adresse des Entwurfs.',
          schema: createdDraftSchema,
          schemaName: 'EntwurfAngelegt',
          headers: { Location: { description: 'Die Adresse des Entwurfs (PUT).', schema: { type: 'string' } } },
          links: draftLinks,
          examples: { neu: { summary: 'Neuer Entwurf', value: createdDraftBody(exampleDraftId, expiresAt) } },
        },
        ...bodyErrors(),
        '409': {
          description: 'Der Termin kann zurzeit nicht gebucht werden (vergangen, nicht online buchbar oder ausgebucht).',
          schema: apiErrorSchema,
          schemaName: 'Fehler',
          examples: { ausgebucht: { summary: 'Ausgebucht', value: { error: UNBOOKABLE_MESSAGES.full, issues: [{ path: 'tripDateId', message: UNBOOKABLE_MESSAGES.full }] } } },
        },
        '422': {
          description: 'tripDateId fehlt, ist keine positive ganze Zahl oder nennt keinen Termin.',
          schema: apiErrorSchema,
          schemaName: 'Fehler',
          examples: { unbekannterTermin: { summary: 'Unbekannter Termin', value: { error: MESSAGES.invalid, issues: [{ path: 'tripDateId', message: UNBOOKABLE_MESSAGES.unknown }] } } },
        },
        '500': internalError(),
      },
    },
    {
      method: 'put',
      path: '/api/booking-drafts/{draftId}',
      operationId: 'saveBookingDraft',
      tags: [TAGS.booking],
      summary: 'Buchungsentwurf speichern (alle Angaben)',
      description:
        'Ersetzt den ganzen Entwurf: Zimmer mit ihren Reisenden (Sitzplatz, Zustieg oder Haustürtransfer, Zusatzleistungen, Versicherung, Mobilitätshilfe), Zusatzleistungen je Buchung, Gutscheine und Zahlungsart. Der Server prüft die Angaben, hält die gewählten Sitze (Haltezeit verlängert sich bei jedem Speichern bis zu ihrem Höchstwert), berechnet alle Preise neu und sagt, welchem Schritt noch etwas fehlt. Ist eine Angabe ungültig oder ein Sitz nicht mehr frei, wird nichts gespeichert.',
      parameters: [draftIdParameter({ unbekannt: { summary: 'Ein Entwurf, den es nicht gibt', value: EXAMPLE_UNKNOWN_DRAFT_ID } })],
      requestBody: {
        description: 'Der ganze Entwurf. Felder, die fehlen, gelten als leer; Preise des Clients zählen nicht.',
        schema: bookingDraftSchema,
        schemaName: 'Buchungsentwurf',
        input: draftInputSchema(),
        examples: {
          vollstaendig: { summary: flow ? 'Vollständiger Entwurf (an Entwurf A)' : noDate, description: `Zwei Reisende${wantedSeats.length ? ` auf den Sitzen ${wantedSeats.join(' und ')}` : ''}, Zustiegsstelle, Versicherung und Zusatzleistung, wo angeboten, Überweisung.`, value: requestDraft },
          ungueltig: { summary: 'Ungültige Felder (an Entwurf A, vor dem vollständigen)', value: INVALID_DRAFT_EXAMPLE },
          sitzplatzBelegt: { summary: 'Dieselben Sitze an Entwurf B, während A sie hält', value: requestDraft },
          unbekannt: { summary: 'An einen Entwurf, den es nicht gibt', value: requestDraft },
          nachBuchung: { summary: 'An Entwurf A, nachdem er gebucht wurde', value: requestDraft },
        },
      },
      responses: {
        '200': {
          description: 'Gespeichert: die vom Server berechneten Preiszeilen, die gehaltenen Sitze und was noch fehlt.',
          schema: savedDraftSchema,
          schemaName: 'EntwurfGespeichert',
          examples: savedBody ? { vollstaendig: { summary: 'Gespeichert, buchbar', value: savedBody } } : {},
        },
        ...bodyErrors(),
        '404': { description: 'Diesen Entwurf gibt es nicht, oder er ist abgelaufen (abgelaufene Entwürfe werden mit ihren Daten gelöscht, daher ist beides 404).', schema: apiErrorSchema, schemaName: 'Fehler', examples: { unbekannt: { summary: 'Unbekannt oder abgelaufen', value: { error: MESSAGES.draftUnknown, issues: [] } } } },
        '409': {
          description: 'Ein gewünschter Sitz ist nicht mehr frei (jemand anderes hält oder buchte ihn). Nichts wurde gespeichert.',
          schema: seatConflictSchema,
          schemaName: 'SitzplatzKonflikt',
          examples: { sitzplatzBelegt: { summary: 'Sitze vergeben', value: seatConflictBody(requestDraft, wantedSeats) } },
        },
        '410': { description: 'Dieser Entwurf wurde bereits gebucht.', schema: apiErrorSchema, schemaName: 'Fehler', examples: { nachBuchung: { summary: 'Schon gebucht', value: { error: 'Dieser Entwurf wurde bereits gebucht (Buchungsnummer 7K4P-9XQ2).', issues: [] } } } },
        '429': {
          description:
            'Von diesem Client zu viele Speichervorgänge in kurzer Zeit, oder er hielte mehr Sitze, als einer auf einmal halten darf: so viele, wie eine Buchung höchstens hat (9), über alle seine Entwürfe, und höchstens die Hälfte der Sitze eines Termins. Dann nennt `seats` die neu gewählten Sitze, die nicht gehalten wurden (beim Speicherlimit fehlt `seats`) (andere Sitze helfen nicht; buchen, Plätze freigeben oder warten schon). Nichts wurde gespeichert; `Retry-After` nennt die Sekunden, bis wieder Platz ist.',
          schema: seatConflictSchema,
          schemaName: 'SitzplatzKonflikt',
          examples: {
            zuVieleSitze: {
              summary: 'Der Client hält schon 9 Sitze',
              value: holdLimitBody(requestDraft, wantedSeats.slice(-1), holdLimitMessage({ kind: 'client', cap: MAX_TRAVELLERS })),
            },
          },
          headers: { 'Retry-After': { description: 'Sekunden, bis der Client wieder speichern oder einen Sitz mehr halten kann.', schema: { type: 'integer' } } },
        },
        '422': {
          description: 'Ungültige Angaben: eine deutsche Meldung je Feld. Nichts wurde gespeichert.',
          schema: apiErrorSchema,
          schemaName: 'Fehler',
          examples: { ungueltig: { summary: 'Ungültige Felder', value: invalidDraftBody(invalidIssues.success ? [] : invalidIssues.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))) } },
        },
        '500': internalError(),
      },
    },
    {
      method: 'post',
      path: '/api/booking-drafts/{draftId}/book',
      operationId: 'bookBookingDraft',
      tags: [TAGS.booking],
      summary: 'Entwurf verbindlich buchen („zahlungspflichtig buchen“)',
      description:
        'Bucht den Entwurf in einer Transaktion: Sitze, Plätze und Gutscheine werden unter Sperre geprüft, der Preis neu berechnet, die Bestätigung per E-Mail verschickt. Der Header `Idempotency-Key` ist Pflicht: dieselbe Anfrage mit demselben Schlüssel bekommt dieselbe Antwort (201, Header `Idempotent-Replayed: true`) und bucht nie doppelt; derselbe Schlüssel mit anderer Anfrage ergibt 422.',
      parameters: [
        draftIdParameter({ unbekannt: { summary: 'Ein Entwurf, den es nicht gibt', value: EXAMPLE_UNKNOWN_DRAFT_ID } }),
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          description: 'Ein neuer, zufälliger Schlüssel je Buchungsversuch (z. B. eine UUID), 8–255 sichtbare ASCII-Zeichen; in Anführungszeichen erlaubt. Bei Wiederholung nach Zeitüberschreitung denselben Schlüssel senden.',
          schema: toSchema(idempotencyKeySchema, 'input'),
          examples: {
            gebucht: { summary: 'Neuer Schlüssel', value: keys.gebucht },
            wiederholt: { summary: 'Derselbe Schlüssel noch einmal', value: keys.gebucht },
            ohneAgb: { summary: 'Eigener Schlüssel', value: keys.ohneAgb },
            geaendert: { summary: 'Eigener Schlüssel', value: keys.geaendert },
            unvollstaendig: { summary: 'Eigener Schlüssel', value: keys.unvollstaendig },
            unbekannt: { summary: 'Eigener Schlüssel', value: keys.unbekannt },
          },
        },
        {
          name: 'X-Agency-Token',
          in: 'header',
          required: false,
          description:
            'Nur für Reisebüros: das signierte Agentur-Token aus der Anmeldung (Karte `vc_card.agency_token`, 12 Stunden gültig). Gilt es, wird die Buchung dem Reisebüro zugeordnet und es erhält eine Kopie der Bestätigung; ein gefälschtes oder abgelaufenes Token bucht als Kundin oder Kunde ohne Reisebüro (Antwortfeld `agencyNotice`).',
          schema: { type: 'string', maxLength: 512 },
        },
      ],
      requestBody: {
        description: 'Die Zustimmungen zu AGB und Datenschutz.',
        schema: bookRequestBodySchema,
        schemaName: 'BuchungAbschliessen',
        input: toSchema(bookRequestBodySchema, 'input'),
        examples: {
          gebucht: { summary: 'Entwurf A buchen (nach dem vollständigen Speichern)', value: bookBody },
          wiederholt: { summary: 'Dieselbe Anfrage mit demselben Schlüssel', value: bookBody },
          ohneSchluessel: { summary: 'Ohne Header Idempotency-Key', value: bookBody },
          ohneAgb: { summary: 'Ohne Zustimmung zu den AGB (Entwurf A)', value: { ...bookBody, acceptAgb: false } },
          geaendert: {
            summary: 'Entwurf A mit der Revision vor dem vollständigen Speichern buchen',
            description: 'Die Anfrage nennt Revision 1; gespeichert ist inzwischen Revision 2 (zum Beispiel aus einem anderen Fenster geändert).',
            value: { ...bookBody, revision: 1 },
          },
          unvollstaendig: { summary: 'Entwurf B buchen, dem noch alles fehlt', value: { ...bookBody, revision: 1 } },
          unbekannt: { summary: 'Einen Entwurf buchen, den es nicht gibt', value: bookBody },
        },
      },
      responses: {
        '201': {
          description: 'Gebucht (oder die Wiederholung einer gebuchten Anfrage mit demselben Schlüssel).',
          schema: bookedSchema,
          schemaName: 'Gebucht',
          headers: { 'Idempotent-Replayed': { description: "'true', wenn dies die Antwort einer früheren Anfrage mit demselben Schlüssel ist.", schema: { type: 'string', enum: ['true'] } } },
          examples: {
            gebucht: { summary: 'Gebucht (die Buchungsnummer ist bei jeder Buchung neu)', value: { bookingNumber: '7K4P-9XQ2', gesamtpreis: pricing.gesamtpreis } },
            wiederholt: { summary: 'Dieselbe Antwort noch einmal', value: { bookingNumber: '7K4P-9XQ2', gesamtpreis: pricing.gesamtpreis } },
          },
        },
        '400': {
          description: 'Kein gültiger Idempotency-Key, oder der Inhalt ist kein JSON.',
          schema: apiErrorSchema,
          schemaName: 'Fehler',
          examples: {
            ohneSchluessel: { summary: 'Ohne Idempotency-Key', value: { error: MESSAGES.keyMissing, issues: [{ path: 'Idempotency-Key', message: MESSAGES.keyMissing }] } },
            keinJson: { summary: 'Kein JSON', value: { error: MESSAGES.badJson, issues: [] } },
          },
        },
        '404': { description: 'Diesen Entwurf gibt es nicht, oder er ist abgelaufen.', schema: apiErrorSchema, schemaName: 'Fehler', examples: { unbekannt: { summary: 'Unbekannt oder abgelaufen', value: { error: MESSAGES.draftUnknown, issues: [] } } } },
        '409': {
          description:
            'Konflikt beim Buchen: der Entwurf wurde seit der genannten `revision` geändert (`current` zeigt ihn, wie er jetzt ist: Angaben, Preise, Revision), ein Sitz wurde inzwischen vergeben, nicht mehr genug Plätze, ein Gutschein eingelöst, oder der Termin ist nicht mehr buchbar. `step` nennt den Schritt, dessen Angaben zu prüfen sind. Nichts wurde gebucht.',
          schema: bookConflictSchema,
          schemaName: 'BuchungsKonflikt',
          examples: {
            ...(flow && savedA
              ? { geaendert: { summary: 'Entwurf seit der genannten Revision geändert', value: staleBookingBody(exampleDraftId, flow.offer, savedA, STALE_BOOKING_MESSAGE) } }
              : {}),
            sitzVergeben: { summary: 'Sitz inzwischen vergeben (Beispiel ohne Anfrage: entsteht nur, wenn eine Haltezeit ablief)', value: { error: 'Der Sitzplatz 3C wurde inzwischen vergeben. Bitte wählen Sie einen anderen Platz.', issues: [], step: 1 } },
          },
        },
        '410': { description: 'Dieser Entwurf wurde schon mit einem anderen Schlüssel gebucht.', schema: apiErrorSchema, schemaName: 'Fehler', examples: { schonGebucht: { summary: 'Schon gebucht', value: { error: 'Dieser Entwurf wurde bereits gebucht (Buchungsnummer 7K4P-9XQ2).', issues: [] } } } },
        '413': bodyErrors()['413']!,
        '415': bodyErrors()['415']!,
        '422': {
          description: 'Der Entwurf ist unvollständig (`step` nennt den ersten unvollständigen Schritt, `issues` was fehlt), eine Zustimmung fehlt, oder der Idempotency-Key wurde schon für eine andere Anfrage verwendet.',
          schema: z.extend(apiErrorSchema, { step: z.optional(stepErrorSchema.shape.step) }),
          schemaName: 'BuchungUnvollstaendig',
          examples: {
            unvollstaendig: { summary: 'Entwurf unvollständig', value: incompleteBody(1, step1Issues) },
            ohneAgb: { summary: 'Ohne Zustimmung', value: { error: MESSAGES.invalid, issues: agbIssues.success ? [] : agbIssues.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) } },
          },
        },
        '500': internalError(),
      },
    },
  ]
}

/** Until the catalogue is empty this is never used; it keeps the examples well-formed without a bookable date. */
function emptyOffer(): BookingOffer {
  return {
    tripDateId: 0,
    tripId: 0,
    tripTitle: '',
    dateFrom: '2000-01-01',
    dateTill: '2000-01-01',
    durationDays: 1,
    transport: 'bus',
    bookable: 0,
    price: 0,
    singleRoomSurcharge: 0,
    roomTypes: ['OHNE'],
    seatPlan: null,
    boardingPoints: [],
    transferZones: [],
    services: [],
    insuranceOffers: [],
    terms: {
      cancellationScale: BUS_CANCELLATION_SCALE,
      rebookingFee: 0,
      minParticipants: null,
      minParticipantsDays: null,
      returnTime: null,
      onSiteFees: [],
      domestic: true,
      entryNotes: [],
    },
    contents: { accommodation: null, included: [], programme: [] },
  }
}
