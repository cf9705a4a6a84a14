// § 651h BGB: the fee for cancelling on a given day comes from the trip's own scale.
import { describe, expect, it } from 'vitest'
import {
  BUS_CANCELLATION_SCALE,
  cancellationFee,
  cancellationScaleLines,
  cancellationScaleSchema,
  cancellationTier,
  daysBeforeDeparture,
} from '~/lib/booking/cancellation'
import { formatPrice } from '~/lib/format'
import { legalMinParticipantsDays, minParticipantsDeadline, minParticipantsText, onSiteFeeText, pricesIncludeText } from '~/lib/booking/trip-terms'
import { tripTerms } from '~/server/db/seed/reference'

const EURO = 1_000_000
const bus = BUS_CANCELLATION_SCALE

describe('cancellationFee', () => {
  it('counts calendar days to departure, across a month and a change to summer time', () => {
    expect(daysBeforeDeparture('2027-04-02', '2027-03-03')).toBe(30)
    expect(daysBeforeDeparture('2027-04-02', '2027-04-02')).toBe(0)
    expect(daysBeforeDeparture('2027-04-02', '2027-04-05')).toBe(-3)
  })

  it('takes the tier that begins on that day: 20 % from 30 days on, then 30, 50, 75 and 95 %', () => {
    const fee = (cancelledOn: string) => cancellationFee(bus, { dateFrom: '2027-06-30', cancelledOn, price: 1_000 * EURO })
    expect(fee('2027-01-01')).toEqual({ daysBefore: 180, percent: 20, fee: 200 * EURO })
    expect(fee('2027-05-31')).toEqual({ daysBefore: 30, percent: 20, fee: 200 * EURO })
    expect(fee('2027-06-01')).toEqual({ daysBefore: 29, percent: 30, fee: 300 * EURO })
    expect(fee('2027-06-15')).toEqual({ daysBefore: 15, percent: 30, fee: 300 * EURO })
    expect(fee('2027-06-16')).toEqual({ daysBefore: 14, percent: 50, fee: 500 * EURO })
    expect(fee('2027-06-23')).toEqual({ daysBefore: 7, percent: 50, fee: 500 * EURO })
    expect(fee('2027-06-24')).toEqual({ daysBefore: 6, percent: 75, fee: 750 * EURO })
    expect(fee('2027-06-29')).toEqual({ daysBefore: 1, percent: 75, fee: 750 * EURO })
    expect(fee('2027-06-30')).toEqual({ daysBefore: 0, percent: 95, fee: 950 * EURO })
    // A no-show, told after departure, pays the last tier.
    expect(fee('2027-07-02')).toEqual({ daysBefore: -2, percent: 95, fee: 950 * EURO })
  })

  it('rounds half up to whole cents', () => {
    // 20 % of 0,125 € is 0,025 €: half a cent up to 3 cents.
    expect(cancellationFee(bus, { dateFrom: '2027-06-30', cancelledOn: '2027-01-01', price: 125_000 }).fee).toBe(30_000)
    expect(cancellationFee(bus, { dateFrom: '2027-06-30', cancelledOn: '2027-01-01', price: 1_299_990_000 }).fee).toBe(260_000_000)
  })

  it('never charges less closer to departure, for every scale the demo trips carry', () => {
    for (const [transport, days] of [['bus', 7], ['bus', 1], ['flug', 8], ['schiff', 10], ['hotel', 4]] as const) {
      const { cancellationScale } = tripTerms(transport, days, [])
      expect(cancellationScaleSchema.safeParse(cancellationScale).success).toBe(true)
      let last = 0
      for (let d = 400; d >= -3; d--) {
        const { percent } = cancellationTier(cancellationScale, d)
        expect(percent).toBeGreaterThanOrEqual(last)
        last = percent
      }
    }
  })

  it('refuses a scale that falls, is out of order or has no tier for the departure day', () => {
    expect(cancellationScaleSchema.safeParse([{ daysBefore: 30, percent: 50 }, { daysBefore: 0, percent: 20 }]).success).toBe(false)
    expect(cancellationScaleSchema.safeParse([{ daysBefore: 0, percent: 20 }, { daysBefore: 30, percent: 50 }]).success).toBe(false)
    expect(cancellationScaleSchema.safeParse([{ daysBefore: 30, percent: 20 }]).success).toBe(false)
    expect(cancellationScaleSchema.safeParse([]).success).toBe(false)
  })

  it('says the scale in words, each range once', () => {
    expect(cancellationScaleLines(bus)).toEqual([
      'bis 30 Tage vor Reisebeginn: 20 %',
      '29 bis 15 Tage vor Reisebeginn: 30 %',
      '14 bis 7 Tage vor Reisebeginn: 50 %',
      '6 bis 1 Tag vor Reisebeginn: 75 %',
      'am Abreisetag und bei Nichtantritt der Reise: 95 %',
    ])
    expect(cancellationScaleLines([{ daysBefore: 2, percent: 10 }, { daysBefore: 1, percent: 50 }, { daysBefore: 0, percent: 90 }])[1]).toBe(
      '1 Tag vor Reisebeginn: 50 %',
    )
  })
})

describe('trip terms', () => {
  it('keeps the minimum-participants deadline within § 651h Abs. 4 BGB for every demo trip kind', () => {
    expect([legalMinParticipantsDays(8), legalMinParticipantsDays(7), legalMinParticipantsDays(6), legalMinParticipantsDays(2), legalMinParticipantsDays(1)]).toEqual([
      20, 20, 7, 7, 2,
    ])
    for (const transport of ['bus', 'flug', 'schiff', 'hotel'] as const) {
      for (const days of [1, 2, 6, 7, 14]) {
        const terms = tripTerms(transport, days, [])
        if (terms.minParticipantsDays !== null) expect(terms.minParticipantsDays).toBeGreaterThanOrEqual(legalMinParticipantsDays(days))
      }
    }
  })

  it('names the minimum with its date, or says that the trip takes place anyway', () => {
    const terms = { minParticipants: 25, minParticipantsDays: 21 }
    expect(minParticipantsDeadline(terms, '2027-06-30')).toBe('2027-06-09')
    expect(minParticipantsText(terms, '2027-06-30')).toContain('Mindestteilnehmerzahl: 25 Personen')
    expect(minParticipantsText(terms, '2027-06-30')).toContain('bis zum 09.06.2027 (21 Tage vor Reisebeginn)')
    expect(minParticipantsText({ minParticipants: null, minParticipantsDays: null }, '2027-06-30')).toContain('keine Mindestteilnehmerzahl')
  })

  it('names fees paid on site with what they come to, and says what the price includes', () => {
    const kurtaxe = { label: 'Kurtaxe', amount: 2_500_000, per: 'night' as const }
    expect(onSiteFeeText(kurtaxe, 7)).toBe(`Kurtaxe: ${formatPrice(2_500_000)} pro Person und Nacht (bei 6 Nächten ${formatPrice(15_000_000)} pro Person)`)
    expect(pricesIncludeText([kurtaxe])).toContain('inklusive aller Steuern und Gebühren: Umsatzsteuer')
    expect(pricesIncludeText([kurtaxe])).toContain('vor Ort zu zahlen: Kurtaxe')
    expect(pricesIncludeText([])).toContain('Vor Ort fallen keine Pflichtgebühren an.')
    expect(tripTerms('bus', 7, ['Kurtaxe (vor Ort zu zahlen)']).onSiteFees).toEqual([kurtaxe])
    expect(tripTerms('bus', 1, ['Kurtaxe (vor Ort zu zahlen)']).onSiteFees).toEqual([])
  })
})
