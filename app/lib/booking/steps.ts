// The four booking steps: what each needs before the customer may go on, with a German message
// per field, and the step guard (a deep link into a later step leads to the first incomplete one).
// The page shows these messages; the server checks the same rules before it books.
import { MESSAGES, isEmail, isPhone } from '../forms'
import { findTransferZone, zipSchema, ZIP_ERROR } from '../transfer-zones'
import { travellerCount, travellers } from './draft'
import type { BookingDraft, Participant } from './draft'
import { ACCOUNT_HOLDER_MESSAGE, IBAN_MESSAGE, isValidIban } from './iban'
import { MAX_TRAVELLERS, TOO_MANY_TRAVELLERS_MESSAGE } from './offer'
import type { BookingOffer } from './offer'
import { sellableSeats } from './seat-plan'
import type { BookingStep } from './route'


export const STEP_LABELS = {
  1: 'Termin und Plätze',
  2: 'Reisende',
  3: 'Versicherung und Zahlung',
  4: 'Prüfen und buchen',
} as const satisfies Record<BookingStep, string>

/** A problem with one field: `path` is the field's name in the form ('allRooms.0.teilnehmer.1.seat'). */
export type StepIssue = { path: string; message: string }

const personPath = (roomIndex: number, participantIndex: number, field: string) =>
  `allRooms.${roomIndex}.teilnehmer.${participantIndex}.${field}`

/** How a traveller is named in a message: their name once entered, else 'Person 2'. */
export function travellerLabel(p: Pick<Participant, 'firstname' | 'lastname'>, index: number): string {
  const name = [p.firstname.trim(), p.lastname.trim()].filter(Boolean).join(' ')
  return name || `Person ${index + 1}`
}

function step1(offer: BookingOffer, draft: BookingDraft): StepIssue[] {
  const issues: StepIssue[] = []
  const count = travellerCount(draft.allRooms)
  if (count === 0) issues.push({ path: 'allRooms', message: 'Bitte wählen Sie mindestens ein Zimmer beziehungsweise eine Person.' })
  if (count > MAX_TRAVELLERS) {
    issues.push({ path: 'allRooms', message: TOO_MANY_TRAVELLERS_MESSAGE })
  }
  draft.allRooms.forEach((room, roomIndex) => {
    if (!offer.roomTypes.includes(room.type)) {
      issues.push({ path: `allRooms.${roomIndex}.type`, message: 'Diese Zimmerart gibt es für diesen Termin nicht.' })
    }
  })
  const seats = offer.seatPlan ? sellableSeats(offer.seatPlan) : null
  const seen = new Set<string>()
  const boarding = new Set(offer.boardingPoints.map((b) => b.id))
  for (const { p, roomIndex, participantIndex, index } of travellers(draft)) {
    const who = travellerLabel(p, index)
    if (seats) {
      if (p.seat === null) issues.push({ path: personPath(roomIndex, participantIndex, 'seat'), message: `Bitte wählen Sie einen Sitzplatz für ${who}.` })
      else if (!seats.has(p.seat)) issues.push({ path: personPath(roomIndex, participantIndex, 'seat'), message: `Den Sitzplatz ${p.seat} gibt es in diesem Bus nicht.` })
      else if (seen.has(p.seat)) issues.push({ path: personPath(roomIndex, participantIndex, 'seat'), message: `Der Sitzplatz ${p.seat} ist schon für eine andere Person gewählt.` })
      else seen.add(p.seat)
    }
    if (offer.boardingPoints.length === 0) continue
    const path = personPath(roomIndex, participantIndex, 'boarding')
    if (p.boarding === null) issues.push({ path, message: `Bitte wählen Sie eine Zustiegsstelle für ${who}.` })
    else if (p.boarding.kind === 'point' && !boarding.has(p.boarding.boardingPointId)) {
      issues.push({ path, message: 'Diese Zustiegsstelle wird auf dieser Reise nicht angefahren.' })
    } else if (p.boarding.kind === 'transfer') {
      const zip = zipSchema.safeParse(p.boarding.zip)
      if (!zip.success) issues.push({ path, message: ZIP_ERROR })
      else if (!findTransferZone(offer.transferZones, zip.data)) {
        issues.push({ path, message: `Für die Postleitzahl ${zip.data} bieten wir leider keinen Haustürtransfer an. Bitte wählen Sie eine Zustiegsstelle.` })
      }
    }
  }
  return issues
}

function step2(offer: BookingOffer, draft: BookingDraft): StepIssue[] {
  const issues: StepIssue[] = []
  const all = travellers(draft)
  for (const { p, roomIndex, participantIndex, index } of all) {
    const at = (field: string) => personPath(roomIndex, participantIndex, field)
    if (!p.firstname.trim()) issues.push({ path: at('firstname'), message: `Bitte geben Sie den Vornamen von Person ${index + 1} ein.` })
    if (!p.lastname.trim()) issues.push({ path: at('lastname'), message: `Bitte geben Sie den Nachnamen von Person ${index + 1} ein.` })
    const perPerson = new Set(offer.services.filter((s) => s.per === 'person').map((s) => s.id))
    if (p.services.some((s) => !perPerson.has(s.id))) issues.push({ path: at('services'), message: MESSAGES.option })
    if (!p.buchender) continue
    const required: [keyof Participant, string][] = [
      ['street', 'die Straße'],
      ['street_nr', 'die Hausnummer'],
      ['city', 'den Ort'],
    ]
    for (const [field, what] of required) {
      if (!String(p[field]).trim()) issues.push({ path: at(field), message: `Bitte geben Sie ${what} der buchenden Person ein.` })
    }
    if (!zipSchema.safeParse(p.zip).success) issues.push({ path: at('zip'), message: ZIP_ERROR })
    // A caller on the phone may have no e-mail address: the office prints the confirmation then.
    const email = p.email.trim()
    if (!(draft.telefon && email === '') && !isEmail(email)) issues.push({ path: at('email'), message: MESSAGES.email })
    if (!isPhone(p.tel.trim())) issues.push({ path: at('tel'), message: MESSAGES.tel })
  }
  const bookers = all.filter((t) => t.p.buchender).length
  if (all.length > 0 && bookers !== 1) issues.push({ path: 'buchender', message: 'Bitte wählen Sie genau eine Person, die die Buchung vornimmt.' })
  const perBooking = new Set(offer.services.filter((s) => s.per === 'booking').map((s) => s.id))
  if (draft.bookingServices.some((s) => !perBooking.has(s.id))) issues.push({ path: 'bookingServices', message: MESSAGES.option })
  return issues
}

/** An insurance the date does not offer: unknown, or one for abroad on a trip within Germany. */
export const INSURANCE_NOT_OFFERED = 'Diese Versicherung bieten wir für diese Reise nicht an. Bitte wählen Sie eine der angebotenen Versicherungen.'

function step3(offer: BookingOffer, draft: BookingDraft): StepIssue[] {
  const issues: StepIssue[] = []
  const insurance = new Set(offer.insuranceOffers.map((i) => i.id))
  for (const { p, roomIndex, participantIndex } of travellers(draft)) {
    if (p.insurance.some((i) => !insurance.has(i.id))) {
      issues.push({ path: personPath(roomIndex, participantIndex, 'insurance'), message: INSURANCE_NOT_OFFERED })
    }
  }
  const { payment } = draft
  if (payment.method === null) issues.push({ path: 'payment.method', message: 'Bitte wählen Sie eine Zahlungsart.' })
  if (payment.method === 'lastschrift') {
    if (!isValidIban(payment.iban)) issues.push({ path: 'payment.iban', message: IBAN_MESSAGE })
    if (!payment.accountHolder.trim()) issues.push({ path: 'payment.accountHolder', message: ACCOUNT_HOLDER_MESSAGE })
    if (!payment.mandate) issues.push({ path: 'payment.mandate', message: 'Bitte erteilen Sie das SEPA-Lastschriftmandat oder wählen Sie Überweisung.' })
  }
  return issues
}

const RULES = { 1: step1, 2: step2, 3: step3 } as const

/**
 * The messages shown after "Weiter" that still hold once the customer changed something: a field
 * put right loses its message at once, one still wrong keeps it (in the rule's words for its value
 * now), and nothing new is added before the next "Weiter". `now` is the step's issues for the
 * current values.
 */
export function openIssues(shown: readonly StepIssue[], now: readonly StepIssue[]): StepIssue[] {
  const current = new Map<string, StepIssue>()
  for (const issue of now) if (!current.has(issue.path)) current.set(issue.path, issue)
  const open: StepIssue[] = []
  const seen = new Set<string>()
  for (const issue of shown) {
    const still = current.get(issue.path)
    if (still && !seen.has(issue.path)) open.push(still)
    seen.add(issue.path)
  }
  return open
}

/** What keeps the customer from leaving `step`; step 4 has nothing in the draft to check. */
export function stepIssues(step: BookingStep, offer: BookingOffer, draft: BookingDraft): StepIssue[] {
  return step === 4 ? [] : RULES[step](offer, draft)
}

/** The first step with a problem, or null when steps 1–3 are complete (the draft can be booked). */
export function firstIncompleteStep(offer: BookingOffer, draft: BookingDraft): BookingStep | null {
  for (const step of [1, 2, 3] as const) if (stepIssues(step, offer, draft).length > 0) return step
  return null
}

/**
 * The step guard: the step to show for a requested one. Any step whose earlier steps are complete
 * may be opened; otherwise the first incomplete step.
 */
export function allowedStep(offer: BookingOffer, draft: BookingDraft, requested: BookingStep): BookingStep {
  const incomplete = firstIncompleteStep(offer, draft)
  return incomplete !== null && incomplete < requested ? incomplete : requested
}
