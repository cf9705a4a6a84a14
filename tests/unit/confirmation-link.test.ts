// The confirmation link of the mail and the PDF: signed with the last day it works
// (BOOKING_CONFIRMATION_LINK_DAYS after the return date), refused when anything in it was changed.
import { describe, expect, it } from 'vitest'
import { toEpochDay } from '~/lib/calendar'
import { confirmationLinkProof, readConfirmationLinkProof, successSignature } from '~/server/services/booking/links.server'
import { confirmationLinkLastDay, successPath } from '~/server/services/booking/summary.server'

const SECRET = 's'.repeat(40)
const NUMBER = '7K4P-9XQ2'

describe('confirmation link', () => {
  it('works until the configured days after the return date, then says it expired', () => {
    const lastDay = confirmationLinkLastDay('2027-05-16', 90)
    expect(lastDay).toBe(toEpochDay('2027-08-14'))
    const proof = confirmationLinkProof(SECRET, NUMBER, lastDay)
    expect(readConfirmationLinkProof(SECRET, NUMBER, proof, lastDay)).toEqual({ lastDay, expired: false })
    expect(readConfirmationLinkProof(SECRET, NUMBER, proof, lastDay + 1)).toEqual({ lastDay, expired: true })
  })

  it('is refused with another day, another booking number, another secret or the cookie’s signature', () => {
    const lastDay = toEpochDay('2027-08-14')
    const proof = confirmationLinkProof(SECRET, NUMBER, lastDay)
    const later = `${lastDay + 365}${proof.slice(proof.indexOf('.'))}`
    expect(readConfirmationLinkProof(SECRET, NUMBER, later, lastDay)).toBeNull()
    expect(readConfirmationLinkProof(SECRET, 'ABCD-2345', proof, lastDay)).toBeNull()
    expect(readConfirmationLinkProof('t'.repeat(40), NUMBER, proof, lastDay)).toBeNull()
    expect(readConfirmationLinkProof(SECRET, NUMBER, successSignature(SECRET, NUMBER), 0)).toBeNull()
    expect(readConfirmationLinkProof(SECRET, NUMBER, '', 0)).toBeNull()
  })

  it('is the success page’s path with the proof', () => {
    const path = successPath(NUMBER, { linkSecret: SECRET, confirmationLinkDays: 0 }, '2027-05-16')
    expect(path).toBe(`/buchung/bestaetigung/${NUMBER}/?sig=${confirmationLinkProof(SECRET, NUMBER, toEpochDay('2027-05-16'))}`)
  })
})
