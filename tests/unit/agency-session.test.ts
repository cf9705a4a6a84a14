import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LOGGED_OUT, endAgencySession, getAgencySession, startAgencySession } from '~/components/agency/agency-session'

/** A localStorage of the browser, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  }
}

describe('the agency session store (spec 3, 4)', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { localStorage: memoryStorage(), addEventListener: () => undefined, removeEventListener: () => undefined })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('with nothing stored is the server snapshot itself, so hydration sees no change', () => {
    expect(getAgencySession()).toBe(LOGGED_OUT)
  })

  it('reads a stored card, keeps the same object while nothing changes, and is logged out again after logout', () => {
    startAgencySession({ vc_card: { ratio_agency_id: 42, name: 'Reisebüro Sonne', agency_token: 't' } })
    const session = getAgencySession()
    expect(session).toMatchObject({ agencyId: '42', loggedIn: true, user: { name: 'Reisebüro Sonne', token: 't' } })
    expect(getAgencySession()).toBe(session)
    endAgencySession()
    expect(getAgencySession()).toBe(LOGGED_OUT)
  })
})
