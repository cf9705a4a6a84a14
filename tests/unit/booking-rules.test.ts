// Spec 4 booking form rules: booking person, insurance, vouchers.
import { describe, expect, it } from 'vitest'
import {
  type BookingFormData,
  type Insurance,
  type Participant,
  addVoucher,
  bookingFormDataSchema,
  clearAllInsurance,
  findBuchender,
  participantSchema,
  removeAllVouchers,
  removeVoucher,
  setBuchender,
  setInsurance,
  showName,
  updateParticipant,
} from '~/lib/booking/rules'

const REISERUECKTRITT: Insurance = { id: 1 }
const KOMPLETT: Insurance = { id: 2 }

function participant(firstname: string, lastname: string, extra: Partial<Participant> = {}): Participant {
  return {
    ...participantSchema.parse({}),
    firstname,
    lastname,
    showName: `${firstname} ${lastname}`,
    street: 'Hauptstraße',
    street_nr: '1',
    zip: '01067',
    city: 'Dresden',
    tel: '0351 123456',
    email: `${firstname.toLowerCase()}@example.de`,
    buchender: false,
    price_per_person: 899_000_000,
    ...extra,
  }
}

function booking(): BookingFormData {
  return {
    ...bookingFormDataSchema.parse({}),
    allRooms: [
      { type: 'DZ', teilnehmer: [participant('Anna', 'Schmidt', { buchender: true }), participant('Bernd', 'Schmidt')] },
      { type: 'EZ', teilnehmer: [participant('Clara', 'Müller', { insurance: [KOMPLETT] })] },
    ],
    gesamtpreis: 2_697_000_000,
  }
}

const flags = (data: BookingFormData) => data.allRooms.map((room) => room.teilnehmer.map((p) => p.buchender))
const insuranceIds = (data: BookingFormData) =>
  data.allRooms.map((room) => room.teilnehmer.map((p) => p.insurance.map((i) => i.id)))

describe('spec 3: booking form data and participants', () => {
  it('the schemas accept a complete booking form', () => {
    expect(bookingFormDataSchema.parse(booking())).toEqual(booking())
  })

  it('the schemas reject a participant with a wrong field type or a fractional raw price', () => {
    expect(participantSchema.safeParse({ ...participant('A', 'B'), buchender: 'ja' }).success).toBe(false)
    expect(participantSchema.safeParse({ ...participant('A', 'B'), price_per_person: 1.5 }).success).toBe(false)
    expect(bookingFormDataSchema.safeParse({ allRooms: [], gesamtpreis: -1 }).success).toBe(false)
  })

  it('showName is first plus last name', () => {
    expect(showName({ firstname: 'Anna', lastname: 'Schmidt' })).toBe('Anna Schmidt')
    expect(showName({ firstname: ' Anna ', lastname: '' })).toBe('Anna')
    expect(showName({ firstname: '', lastname: 'Schmidt' })).toBe('Schmidt')
    expect(showName({ firstname: '', lastname: '' })).toBe('')
  })

  it('updating a name keeps showName in step', () => {
    const data = booking()
    const next = updateParticipant(data, 0, 1, { firstname: 'Bernhard', city: 'Leipzig' })
    expect(next.allRooms[0]?.teilnehmer[1]).toMatchObject({ firstname: 'Bernhard', city: 'Leipzig', showName: 'Bernhard Schmidt' })
    expect(next.allRooms[0]?.teilnehmer[0]).toBe(data.allRooms[0]?.teilnehmer[0])
    expect(next.allRooms[1]).toBe(data.allRooms[1])
  })
})

describe('spec 4: "Marking one participant as booking person clears the flag on all others"', () => {
  it('moves the flag within a room', () => {
    expect(flags(setBuchender(booking(), 0, 1))).toEqual([[false, true], [false]])
  })

  it('clears the flag in every other room too', () => {
    expect(flags(setBuchender(booking(), 1, 0))).toEqual([[false, false], [true]])
  })

  it('clears several stale flags at once', () => {
    const data = setBuchender(booking(), 0, 0)
    const messy: BookingFormData = {
      ...data,
      allRooms: data.allRooms.map((room) => ({ ...room, teilnehmer: room.teilnehmer.map((p) => ({ ...p, buchender: true })) })),
    }
    expect(flags(setBuchender(messy, 0, 1))).toEqual([[false, true], [false]])
    expect(findBuchender(setBuchender(messy, 1, 0))).toEqual({ roomIndex: 1, participantIndex: 0 })
  })

  it('does not change the input and keeps untouched participants', () => {
    const data = booking()
    const next = setBuchender(data, 1, 0)
    expect(flags(data)).toEqual([[true, false], [false]])
    expect(next.allRooms[0]?.teilnehmer[1]).toBe(data.allRooms[0]?.teilnehmer[1])
    expect(next.gesamtpreis).toBe(data.gesamtpreis)
  })

  it('returns the same data for an index that points at nobody', () => {
    const data = booking()
    expect(setBuchender(data, 5, 0)).toBe(data)
    expect(setBuchender(data, 0, 2)).toBe(data)
    expect(setBuchender(data, -1, 0)).toBe(data)
  })

  it('finds the booking person, or null when nobody is marked', () => {
    expect(findBuchender(booking())).toEqual({ roomIndex: 0, participantIndex: 0 })
    expect(findBuchender({ ...booking(), allRooms: [{ type: 'EZ', teilnehmer: [participant('A', 'B')] }] })).toBeNull()
  })
})

describe('spec 4: "Selecting insurance for one participant replaces their insurance with a single entry, or empties it if the value is null"', () => {
  it('replaces the list with the single chosen insurance', () => {
    const next = setInsurance(booking(), 1, 0, REISERUECKTRITT)
    expect(next.allRooms[1]?.teilnehmer[0]?.insurance).toEqual([REISERUECKTRITT])
    expect(insuranceIds(next)).toEqual([[[], []], [[1]]])
  })

  it('gives one participant insurance without touching the others', () => {
    expect(insuranceIds(setInsurance(booking(), 0, 1, REISERUECKTRITT))).toEqual([[[], [1]], [[2]]])
  })

  it('empties the list when the value is null', () => {
    expect(insuranceIds(setInsurance(booking(), 1, 0, null))).toEqual([[[], []], [[]]])
  })

  it('does not change the input', () => {
    const data = booking()
    setInsurance(data, 1, 0, null)
    expect(insuranceIds(data)).toEqual([[[], []], [[2]]])
  })

  it('returns the same data for an index that points at nobody', () => {
    const data = booking()
    expect(setInsurance(data, 0, 9, KOMPLETT)).toBe(data)
  })
})

describe('spec 4: "Clearing all insurance empties it for every participant"', () => {
  it('empties insurance in every room', () => {
    const insured = setInsurance(setInsurance(booking(), 0, 0, KOMPLETT), 0, 1, REISERUECKTRITT)
    expect(insuranceIds(clearAllInsurance(insured))).toEqual([[[], []], [[]]])
  })

  it('leaves the other fields alone', () => {
    const cleared = clearAllInsurance(booking())
    expect(cleared.allRooms[1]?.teilnehmer[0]).toEqual({ ...participant('Clara', 'Müller'), insurance: [] })
  })

  it('returns the same data when nobody had insurance', () => {
    const data = clearAllInsurance(booking())
    expect(clearAllInsurance(data)).toBe(data)
  })
})

describe('spec 4: "A voucher can be added, removed by code, or all removed"', () => {
  it('adds a code trimmed and upper-cased', () => {
    expect(addVoucher([], '  sommer24 ')).toEqual([{ einloesecode: 'SOMMER24' }])
  })

  it('does not add a code twice, whatever its case', () => {
    const list = addVoucher([{ einloesecode: 'SOMMER24' }], 'Sommer24')
    expect(list).toEqual([{ einloesecode: 'SOMMER24' }])
  })

  it('does not add an empty code', () => {
    expect(addVoucher([{ einloesecode: 'A' }], '   ')).toEqual([{ einloesecode: 'A' }])
  })

  it('appends after the existing codes and leaves the input list alone', () => {
    const list = [{ einloesecode: 'A' }]
    expect(addVoucher(list, 'b')).toEqual([{ einloesecode: 'A' }, { einloesecode: 'B' }])
    expect(list).toEqual([{ einloesecode: 'A' }])
  })

  it('removes a voucher by code, ignoring case and spaces', () => {
    const list = [{ einloesecode: 'A' }, { einloesecode: 'SOMMER24' }, { einloesecode: 'B' }]
    expect(removeVoucher(list, ' sommer24')).toEqual([{ einloesecode: 'A' }, { einloesecode: 'B' }])
    expect(removeVoucher(list, 'GIBTESNICHT')).toEqual(list)
  })

  it('keeps extra voucher fields when removing', () => {
    const list = [
      { einloesecode: 'A', value: 10 },
      { einloesecode: 'B', value: 20 },
    ]
    expect(removeVoucher(list, 'a')).toEqual([{ einloesecode: 'B', value: 20 }])
  })

  it('removes all vouchers', () => {
    expect(removeAllVouchers()).toEqual([])
  })
})
