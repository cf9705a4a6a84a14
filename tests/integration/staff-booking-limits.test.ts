// Clerks are not customers (issue 46, defect 8): a signed-in clerk's phone bookings count against
// the clerk's own limits (STAFF_LIMITS, per staff member), not the public per-address ones, while
// an anonymous visitor from the office's address still gets 429 after the public 20 drafts.
import { describe, expect, it } from 'vitest'
import { CLIENT_LIMITS, STAFF_LIMITS, checkRequesterBudget, takeRequesterBudget } from '~/server/http/client-limits.server'

const OFFICE = '198.51.100.23'

describe('booking limits of the office', () => {
  it('the public limits stay what docs/SECURITY.md says, a clerk’s are those of a working day', () => {
    expect(CLIENT_LIMITS.draft).toEqual({ limit: 20, windowMs: 10 * 60_000 })
    expect(CLIENT_LIMITS.book).toEqual({ limit: 10, windowMs: 10 * 60_000 })
    expect(STAFF_LIMITS).toEqual({
      draft: { limit: 200, windowMs: 10 * 60_000 },
      save: { limit: 3000, windowMs: 10 * 60_000 },
      book: { limit: 100, windowMs: 10 * 60_000 },
    })
  })

  it('a signed-in clerk starts and books 25 phone bookings from the office’s address; a visitor from it is refused after 20 drafts and 10 bookings', () => {
    const clerk = { address: OFFICE, staffId: 'staff-telefon-1' }
    for (let i = 0; i < 25; i++) {
      expect(takeRequesterBudget('draft', clerk), `draft ${i + 1}`).toEqual({ ok: true })
      expect(takeRequesterBudget('save', clerk)).toEqual({ ok: true })
      expect(takeRequesterBudget('book', clerk), `booking ${i + 1}`).toEqual({ ok: true })
    }
    expect(checkRequesterBudget('draft', clerk)).toEqual({ ok: true })

    const visitor = { address: OFFICE, staffId: null }
    for (let i = 0; i < 20; i++) expect(takeRequesterBudget('draft', visitor), `draft ${i + 1}`).toEqual({ ok: true })
    expect(takeRequesterBudget('draft', visitor)).toMatchObject({ ok: false })
    expect(checkRequesterBudget('draft', visitor)).toMatchObject({ ok: false })
    for (let i = 0; i < 10; i++) expect(takeRequesterBudget('book', visitor)).toEqual({ ok: true })
    expect(takeRequesterBudget('book', visitor)).toMatchObject({ ok: false })

    // The visitor's 429 is not the clerk's, nor another clerk's at the next desk.
    expect(takeRequesterBudget('draft', clerk)).toEqual({ ok: true })
    expect(takeRequesterBudget('draft', { address: OFFICE, staffId: 'staff-telefon-2' })).toEqual({ ok: true })
  })

  it('a clerk too has a ceiling: the 201st draft in ten minutes is refused', () => {
    const clerk = { address: '198.51.100.99', staffId: 'staff-telefon-3' }
    for (let i = 0; i < 200; i++) expect(takeRequesterBudget('draft', clerk).ok).toBe(true)
    expect(takeRequesterBudget('draft', clerk)).toMatchObject({ ok: false })
    // Not the address's: a visitor there starts as usual.
    expect(takeRequesterBudget('draft', { address: '198.51.100.99', staffId: null })).toEqual({ ok: true })
  })
})
