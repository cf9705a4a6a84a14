import { describe, expect, it } from 'vitest'
import { needsSameOrigin } from '~/server/http/same-origin'

describe('needsSameOrigin (issue 42, finding 1)', () => {
  it('checks every state-changing request whatever the spelling of its path', () => {
    for (const path of ['/buero/kontoauszuege/einlesen', '/BUERO/kontoauszuege/einlesen', '/Buero/x', '/%62uero/x', '/konto/daten/', '/irgendwo', '/APIX/'])
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) expect(needsSameOrigin({ method }, path, 'router'), `${method} ${path}`).toBe(true)
  })

  it('leaves reads, the cookie-less API and newsletter links alone; server functions always need it', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(needsSameOrigin({ method }, '/buero/', 'router')).toBe(false)
    for (const path of ['/api/booking-drafts', '/API/booking-drafts', '/newsletter/abmelden/abc/', '/Newsletter/bestaetigen/abc/'])
      expect(needsSameOrigin({ method: 'POST' }, path, 'router'), path).toBe(false)
    // Only a path the router would match below those prefixes is exempt.
    expect(needsSameOrigin({ method: 'POST' }, '/newsletterx/abc/', 'router')).toBe(true)
    expect(needsSameOrigin({ method: 'POST' }, '/apix/booking-drafts', 'router')).toBe(true)
    expect(needsSameOrigin({ method: 'GET' }, '/_serverFn/abc', 'serverFn')).toBe(true)
  })
})
