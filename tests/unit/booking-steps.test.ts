// The step rules and the step guard of the four booking steps, the room builder and voucher checks.
import { describe, expect, it } from 'vitest'
import { bookingDraftSchema, newDraft, roomCounts, roomsFor, travellers } from '~/lib/booking/draft'
import type { BookingDraft } from '~/lib/booking/draft'
import type { BookingOffer } from '~/lib/booking/offer'
import { bookingStepOf } from '~/lib/booking/route'
import { parseId } from '~/lib/ids'
import { allowedStep, firstIncompleteStep, openIssues, stepIssues } from '~/lib/booking/steps'
import { VOUCHER_CODE_ALPHABET, VOUCHER_CODE_BITS, VOUCHER_CODE_PATTERN, formatVoucherCode, normaliseVoucherCode } from '~/lib/booking/voucher-code'
import { voucherNotAccepted, voucherProblem } from '~/lib/booking/vouchers'
import { BUS_TOUR_TERMS } from '../support/trip-terms'


const OFFER: BookingOffer = {
  tripDateId: 5,
  tripId: 1,
  tripTitle: 'Ostsee',
  dateFrom: '2027-06-01',
  dateTill: '2027-06-05',
  durationDays: 5,
  transport: 'bus',
  bookable: 0,
  price: 499_000_000,
  singleRoomSurcharge: 80_000_000,
  roomTypes: ['DZ', 'EZ'],
  seatPlan: [
    [{ kind: 'driver' }, { kind: 'empty' }, { kind: 'aisle' }, { kind: 'door' }],
    [{ kind: 'seat', seat: '1A' }, { kind: 'seat', seat: '1B' }, { kind: 'aisle' }, { kind: 'seat', seat: '1C', blocked: true }],
  ],
  boardingPoints: [{ id: 1, name: 'Bielefeld Hbf', street: 'Hbf', zip: '33602', city: 'Bielefeld', departureTime: '06:00', surcharge: 0 }],
  transferZones: [{ id: 1, name: 'Zone 1', zipPrefixes: ['336'], price: 29_000_000 }],
  services: [],
  insuranceOffers: [{ id: 1, code: 'RRV', name: 'RRV', description: '', insurer: 'Hanse Reiseschutz', productSheetUrl: '/versicherung-produktinformationen/', conditionsUrl: '/versicherungsbedingungen/', scope: 'any', percentBasisPoints: 450, minPrice: 0, fixedPrice: null }],
  terms: BUS_TOUR_TERMS,
  contents: { accommodation: null, included: [], programme: [] },
}

function complete(): BookingDraft {
  const d = newDraft(OFFER)
  const [a, b] = travellers(d).map((t) => t.p)
  Object.assign(a!, { firstname: 'Anna', lastname: 'Muster', seat: '1A', boarding: { kind: 'point', boardingPointId: 1 } })
  Object.assign(a!, { street: 'Hauptstraße', street_nr: '1', zip: '33602', city: 'Bielefeld', email: 'anna@example.de', tel: '0521 123456' })
  Object.assign(b!, { firstname: 'Bernd', lastname: 'Muster', seat: '1B', boarding: { kind: 'transfer', zip: '33611' } })
  d.payment = { method: 'ueberweisung', iban: '', accountHolder: '', mandate: false }
  return bookingDraftSchema.parse(d)
}

describe('step rules', () => {
  it('a complete draft has no issues and can be booked', () => {
    expect(firstIncompleteStep(OFFER, complete())).toBeNull()
  })

  it('step 1 wants a seat and a boarding point per traveller; blocked, unknown and double seats are refused', () => {
    const d = complete()
    const [a, b] = travellers(d).map((t) => t.p)
    a!.seat = null
    b!.boarding = { kind: 'transfer', zip: '99999' }
    expect(stepIssues(1, OFFER, d).map((i) => i.path)).toEqual(['allRooms.0.teilnehmer.0.seat', 'allRooms.0.teilnehmer.1.boarding'])
    expect(stepIssues(1, OFFER, d)[1]?.message).toContain('Postleitzahl 99999')
    a!.seat = '1C'
    expect(stepIssues(1, OFFER, d)[0]?.message).toBe('Den Sitzplatz 1C gibt es in diesem Bus nicht.')
    a!.seat = '1B'
    b!.boarding = { kind: 'point', boardingPointId: 1 }
    expect(stepIssues(1, OFFER, d).map((i) => i.message)).toEqual(['Der Sitzplatz 1B ist schon für eine andere Person gewählt.'])
  })

  it('step 2 wants names, exactly one booking person and only the booker’s address, e-mail and phone', () => {
    const d = complete()
    const [a, b] = travellers(d).map((t) => t.p)
    a!.email = 'keine-mail'
    a!.zip = '3360'
    b!.lastname = ''
    expect(stepIssues(2, OFFER, d).map((i) => i.path)).toEqual([
      'allRooms.0.teilnehmer.0.zip',
      'allRooms.0.teilnehmer.0.email',
      'allRooms.0.teilnehmer.1.lastname',
    ])
    a!.buchender = false
    expect(stepIssues(2, OFFER, d).some((i) => i.path === 'buchender')).toBe(true)
  })

  it('step 2 lets a caller on the phone go without an e-mail address, never with a wrong one', () => {
    const d = complete()
    const [a] = travellers(d).map((t) => t.p)
    a!.email = ''
    expect(stepIssues(2, OFFER, d).map((i) => i.path)).toEqual(['allRooms.0.teilnehmer.0.email'])
    d.telefon = true
    expect(stepIssues(2, OFFER, d)).toEqual([])
    a!.email = 'keine-mail'
    expect(stepIssues(2, OFFER, d).map((i) => i.path)).toEqual(['allRooms.0.teilnehmer.0.email'])
  })

  it('step 3 wants a payment method and, for SEPA, a valid IBAN, the holder and the mandate', () => {
    const d = complete()
    d.payment = { method: 'lastschrift', iban: 'DE88370400440532013000', accountHolder: '', mandate: false }
    expect(stepIssues(3, OFFER, d).map((i) => i.path)).toEqual(['payment.iban', 'payment.accountHolder', 'payment.mandate'])
    d.payment = { method: 'lastschrift', iban: 'DE89 3704 0044 0532 0130 00', accountHolder: 'Anna Muster', mandate: true }
    expect(stepIssues(3, OFFER, d)).toEqual([])
  })

  it('the guard sends a deep link to the first incomplete step', () => {
    const d = complete()
    expect(allowedStep(OFFER, d, 4)).toBe(4)
    travellers(d)[1]!.p.firstname = ''
    expect(allowedStep(OFFER, d, 4)).toBe(2)
    expect(allowedStep(OFFER, d, 1)).toBe(1)
    expect(allowedStep(OFFER, newDraft(OFFER), 3)).toBe(1)
  })
})

describe('messages after "Weiter" while the customer puts things right', () => {
  it('a field put right loses its message, one still wrong keeps it in the words for its value now, nothing new appears', () => {
    const d = complete()
    const [a, b] = travellers(d).map((t) => t.p)
    a!.seat = null
    a!.boarding = null
    b!.boarding = { kind: 'transfer', zip: '3361' }
    const shown = stepIssues(1, OFFER, d)
    expect(shown.map((i) => i.path)).toEqual(['allRooms.0.teilnehmer.0.seat', 'allRooms.0.teilnehmer.0.boarding', 'allRooms.0.teilnehmer.1.boarding'])

    a!.boarding = { kind: 'point', boardingPointId: 1 }
    b!.boarding = { kind: 'transfer', zip: '99999' }
    // The name is part of the message: it follows what was typed meanwhile.
    a!.firstname = ''
    const open = openIssues(shown, stepIssues(1, OFFER, d))
    expect(open.map((i) => i.path)).toEqual(['allRooms.0.teilnehmer.0.seat', 'allRooms.0.teilnehmer.1.boarding'])
    expect(open[0]?.message).toBe('Bitte wählen Sie einen Sitzplatz für Muster.')
    expect(open[1]?.message).toContain('Postleitzahl 99999')

    a!.seat = '1A'
    b!.boarding = { kind: 'point', boardingPointId: 1 }
    expect(openIssues(open, stepIssues(1, OFFER, d))).toEqual([])
  })
})

describe('rooms', () => {
  it('keeps the travellers entered when counts change and marks the first as booking person', () => {
    const start = roomsFor([], { DZ: 1 })
    expect(start[0]?.teilnehmer[0]?.buchender).toBe(true)
    const named = start.map((r) => ({ ...r, teilnehmer: r.teilnehmer.map((p, i) => ({ ...p, firstname: `P${i}` })) }))
    const more = roomsFor(named, { DZ: 2, EZ: 1 })
    expect(roomCounts(more)).toEqual({ DZ: 2, EZ: 1, OHNE: 0 })
    expect(more[0]?.teilnehmer.map((p) => p.firstname)).toEqual(['P0', 'P1'])
    expect(roomsFor(more, { EZ: 1 })).toHaveLength(1)
  })

  it('the schema refuses more than nine travellers and rooms with the wrong number of people', () => {
    expect(bookingDraftSchema.safeParse({ allRooms: roomsFor([], { DZ: 5 }) }).success).toBe(false)
    expect(bookingDraftSchema.safeParse({ allRooms: [{ type: 'EZ', teilnehmer: [{}, {}] }] }).success).toBe(false)
    expect(bookingDraftSchema.safeParse({ allRooms: roomsFor([], { DZ: 4, EZ: 1 }) }).success).toBe(true)
  })

  it('removes CR/LF and other control characters from single-line fields', () => {
    const parsed = bookingDraftSchema.parse({ allRooms: [{ type: 'EZ', teilnehmer: [{ firstname: 'An\r\nna\u0000' }] }] })
    expect(parsed.allRooms[0]?.teilnehmer[0]?.firstname).toBe('Anna')
  })
})

describe('vouchers', () => {
  const code = 'K7QXM-4TR9W-HZ3PA'
  const row = { einloesecode: code, value: 50_000_000, validFrom: '2027-01-01', validUntil: '2027-12-31', singleUse: true, redeemedAt: null }
  it('an unknown code gets the answer every refused code gets while it is entered', () => {
    expect(voucherProblem('X', null, '2027-06-01')).toBe(voucherNotAccepted('X'))
    expect(voucherNotAccepted('X')).toBe('Den Gutscheincode „X“ können wir nicht anrechnen. Bitte prüfen Sie die Schreibweise und ob der Gutschein noch gilt.')
  })

  it('at booking, a code the save had accepted says why it no longer applies', () => {
    expect(voucherProblem(code, row, '2026-12-31')).toBe(`Der Gutschein „${code}“ gilt erst ab dem 01.01.2027.`)
    expect(voucherProblem(code, row, '2028-01-01')).toBe(`Der Gutschein „${code}“ ist am 31.12.2027 abgelaufen.`)
    expect(voucherProblem(code, { ...row, redeemedAt: new Date() }, '2027-06-01')).toContain('bereits eingelöst')
    expect(voucherProblem(code, { ...row, singleUse: false, redeemedAt: new Date() }, '2027-06-01')).toBeNull()
    expect(voucherProblem(code, row, '2027-06-01')).toBeNull()
  })

  it('generated codes: 15 characters of 30 readable symbols (more than 60 bits), grouped by five', () => {
    expect(VOUCHER_CODE_ALPHABET).toHaveLength(30)
    for (const c of '01OIL') expect(VOUCHER_CODE_ALPHABET).not.toContain(c)
    expect(VOUCHER_CODE_BITS).toBeGreaterThan(60)
    let n = 0
    const generated = formatVoucherCode((bound) => n++ % bound)
    expect(generated).toBe('23456-789AB-CDEFG')
    expect(generated).toMatch(VOUCHER_CODE_PATTERN)
    expect(formatVoucherCode((bound) => bound - 1)).toBe('ZZZZZ-ZZZZZ-ZZZZZ')
  })

  it('a generated code is read as meant: any case, spaces or dashes; other codes only trimmed and upper-cased', () => {
    expect(normaliseVoucherCode(' k7qxm 4tr9w hz3pa ')).toBe(code)
    expect(normaliseVoucherCode('K7QXM4TR9WHZ3PA')).toBe(code)
    expect(normaliseVoucherCode('k7qxm--4tr9w-hz3pa')).toBe(code)
    expect(normaliseVoucherCode(' sommer24 ')).toBe('SOMMER24')
    expect(normaliseVoucherCode('O7QXM-4TR9W-HZ3PA')).toBe('O7QXM-4TR9W-HZ3PA')
  })
})

describe('booking routes', () => {
  it('reads a trip date id and a step from the URL', () => {
    expect(parseId('123')).toBe(123)
    for (const bad of ['0', '-1', '1e3', '12a', '99999999999', '']) expect(parseId(bad)).toBeNull()
    expect(bookingStepOf('/buchung/$terminId/step3/')).toBe(3)
    expect(bookingStepOf('/buchung/$terminId')).toBeNull()
  })
})
