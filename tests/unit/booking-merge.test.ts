// The three-way merge of a booking draft (issue 23): what the customer typed since the draft the
// page last had stays, what only the server (another tab) changed is taken, computed fields are the
// server's.
import { describe, expect, it } from 'vitest'
import { newDraft } from '~/lib/booking/draft'
import type { BookingDraft } from '~/lib/booking/draft'
import { mergeDraft, sameEntries } from '~/lib/booking/merge'

const base = (): BookingDraft => newDraft({ roomTypes: ['DZ', 'EZ'] })

function edit(draft: BookingDraft, change: (d: BookingDraft) => void): BookingDraft {
  const copy = structuredClone(draft)
  change(copy)
  return copy
}

describe('mergeDraft', () => {
  it('keeps the customer’s new entries and takes the other tab’s changes to other fields', () => {
    const start = base()
    const mine = edit(start, (d) => (d.allRooms[0]!.teilnehmer[0]!.firstname = 'Anna'))
    const theirs = edit(start, (d) => {
      d.allRooms[0]!.teilnehmer[0]!.street_nr = '7'
      d.payment.method = 'ueberweisung'
    })
    const merged = mergeDraft(start, mine, theirs)
    expect(merged.allRooms[0]!.teilnehmer[0]!.firstname).toBe('Anna')
    expect(merged.allRooms[0]!.teilnehmer[0]!.street_nr).toBe('7')
    expect(merged.payment.method).toBe('ueberweisung')
  })

  it('an older value never wins over a newer one: the same field changed on both sides keeps the customer’s latest entry', () => {
    const start = edit(base(), (d) => (d.allRooms[0]!.teilnehmer[0]!.city = 'Bielefeld'))
    const mine = edit(start, (d) => (d.allRooms[0]!.teilnehmer[0]!.city = 'Detmold'))
    const theirs = edit(start, (d) => (d.allRooms[0]!.teilnehmer[0]!.city = 'Herford'))
    expect(mergeDraft(start, mine, theirs).allRooms[0]!.teilnehmer[0]!.city).toBe('Detmold')
    // Nothing typed since: the server's value is shown, not the page's older one.
    expect(mergeDraft(start, start, theirs).allRooms[0]!.teilnehmer[0]!.city).toBe('Herford')
  })

  it('takes the server’s computed fields, and a room list the customer chose anew as the customer has it', () => {
    const start = base()
    const theirs = edit(start, (d) => {
      d.gesamtpreis = 123
      d.allRooms[0]!.teilnehmer[0]!.price_per_person = 61
    })
    const mine = edit(start, (d) => {
      d.allRooms.push({ type: 'EZ', teilnehmer: [structuredClone(d.allRooms[0]!.teilnehmer[1]!)] })
      d.gesamtpreis = 1
    })
    const merged = mergeDraft(start, mine, theirs)
    expect(merged.allRooms).toHaveLength(2)
    expect(merged.gesamtpreis).toBe(123)
  })

  it('sameEntries ignores what the server computes', () => {
    const start = base()
    expect(sameEntries(start, edit(start, (d) => (d.gesamtpreis = 99)))).toBe(true)
    expect(sameEntries(start, edit(start, (d) => (d.allRooms[0]!.teilnehmer[0]!.zip = '33602')))).toBe(false)
  })
})
