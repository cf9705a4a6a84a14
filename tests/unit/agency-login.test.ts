// Spec 3 and 4, the agency login: the frame's messages (every code, malformed payloads, wrong
// shapes), what the parent accepts, when the dialog shows, which parents a frame talks to, and the
// browser's copy of the session.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LOGGED_OUT, endAgencySession, getAgencySession, startAgencySession } from '~/components/agency/agency-session'
import {
  AGENCY_ID_KEY,
  AGENCY_LOGIN_CODES,
  AGENCY_LOGIN_TEXTS,
  AGENCY_USER_KEY,
  MAX_MESSAGE_LENGTH,
  acceptAgencyMessage,
  agencyCredentials,
  agencyLoginOutcome,
  clearAgencySession,
  formatAgencyLoginMessage,
  frameOrigin,
  frameSrc,
  isAgencySessionExpired,
  isAllowedParentOrigin,
  parseAgencyLoginMessage,
  readAgencySession,
  retryAfterText,
  shouldShowAgencyDialog,
  storeAgencyCard,
} from '~/lib/agency-login'

const CARD = { vc_card: { ratio_agency_id: 470013, name: 'Reisebüro Sonne', agency_token: 'abc.def', token_expires: '2027-01-01T12:00:00.000Z' } }

describe('parseAgencyLoginMessage: the spec codes', () => {
  it.each([
    ['0', 'Verbindung wird aufgebaut'],
    ['1', 'Seite ist geladen'],
    ['2', 'Daten werden verifiziert'],
    ['4', 'keine korrekten Anmeldedaten'],
    ['5', 'Login fehlgeschlagen'],
  ])('code %s is "%s"', (data, text) => {
    expect(parseAgencyLoginMessage(data)).toEqual({ code: Number(data), text })
  })

  it("code 2 is shown corrected: the spec's 'wewrden' is a typo of the original site", () => {
    expect(AGENCY_LOGIN_TEXTS[2]).toBe('Daten werden verifiziert')
    expect(Object.values(AGENCY_LOGIN_TEXTS).join(' ')).not.toContain('wewrden')
  })

  it('code 3 carries the card after the pipe; ratio_agency_id is read as a number', () => {
    expect(parseAgencyLoginMessage(`3|${JSON.stringify(CARD)}`)).toEqual({ code: 3, text: 'Login erfolgreich', card: CARD })
  })

  it('code 3 with only the spec field (no token) is still a login; a digit string id becomes a number', () => {
    expect(parseAgencyLoginMessage('3|{"vc_card":{"ratio_agency_id":"470026"}}')).toEqual({
      code: 3,
      text: 'Login erfolgreich',
      card: { vc_card: { ratio_agency_id: 470026 } },
    })
  })

  it('unknown fields of the card are dropped, not stored', () => {
    const parsed = parseAgencyLoginMessage('3|{"vc_card":{"ratio_agency_id":1,"password":"x"},"extra":true}')
    expect(parsed).toEqual({ code: 3, text: 'Login erfolgreich', card: { vc_card: { ratio_agency_id: 1 } } })
  })

  it('every code round-trips through the frame format', () => {
    for (const code of AGENCY_LOGIN_CODES) {
      const data = code === 3 ? formatAgencyLoginMessage(3, CARD) : formatAgencyLoginMessage(code)
      expect(parseAgencyLoginMessage(data)?.code).toBe(code)
    }
  })

  it('outcomes: 3 success, 4 and 5 errors, 0–2 progress', () => {
    expect(AGENCY_LOGIN_CODES.map(agencyLoginOutcome)).toEqual(['progress', 'progress', 'progress', 'success', 'error', 'error'])
  })
})

describe('parseAgencyLoginMessage: malformed payloads and wrong shapes are null', () => {
  it.each([
    ['code 3 without a card', '3'],
    ['code 3 with an empty payload', '3|'],
    ['code 3 with broken JSON', '3|{"vc_card":'],
    ['code 3 with JSON that is not an object', '3|[1,2]'],
    ['code 3 with null', '3|null'],
    ['code 3 without vc_card', '3|{"ratio_agency_id":1}'],
    ['vc_card not an object', '3|{"vc_card":"470013"}'],
    ['no ratio_agency_id', '3|{"vc_card":{"name":"X"}}'],
    ['ratio_agency_id zero', '3|{"vc_card":{"ratio_agency_id":0}}'],
    ['ratio_agency_id negative', '3|{"vc_card":{"ratio_agency_id":-5}}'],
    ['ratio_agency_id a fraction', '3|{"vc_card":{"ratio_agency_id":1.5}}'],
    ['ratio_agency_id too large', '3|{"vc_card":{"ratio_agency_id":99999999999}}'],
    ['ratio_agency_id text', '3|{"vc_card":{"ratio_agency_id":"abc"}}'],
    ['ratio_agency_id with leading zero', '3|{"vc_card":{"ratio_agency_id":"0123"}}'],
    ['ratio_agency_id null', '3|{"vc_card":{"ratio_agency_id":null}}'],
    ['token not a string', '3|{"vc_card":{"ratio_agency_id":1,"agency_token":42}}'],
    ['expiry not a time', '3|{"vc_card":{"ratio_agency_id":1,"token_expires":"morgen"}}'],
    ['another separator', '3;{"vc_card":{"ratio_agency_id":1}}'],
    ['a payload after another code', '4|{"vc_card":{"ratio_agency_id":1}}'],
    ['a pipe after a progress code', '1|'],
    ['an unknown code', '6'],
    ['a negative code', '-1'],
    ['two digits', '10'],
    ['leading space', ' 1'],
    ['trailing newline', '1\n'],
    ['the text instead of the code', 'Login erfolgreich'],
    ['empty string', ''],
  ])('%s', (_label, data) => {
    expect(parseAgencyLoginMessage(data)).toBeNull()
  })

  it.each([
    ['a number', 3],
    ['null', null],
    ['undefined', undefined],
    ['an object', { code: 3, card: CARD }],
    ['an array', ['3', CARD]],
    ['a boolean', true],
  ])('not a string: %s', (_label, data) => {
    expect(parseAgencyLoginMessage(data)).toBeNull()
  })

  it('an oversized message is refused before it is parsed', () => {
    const padded = `3|${JSON.stringify({ vc_card: { ratio_agency_id: 1, name: 'x' }, pad: 'y'.repeat(MAX_MESSAGE_LENGTH) })}`
    expect(parseAgencyLoginMessage(padded)).toBeNull()
  })
})

describe('acceptAgencyMessage: the parent believes only its frame', () => {
  const origin = 'https://www.sonnenland-reisen.example'
  it('accepts the frame window from the frame origin in the right shape', () => {
    expect(acceptAgencyMessage({ fromFrame: true, origin, data: '1' }, origin)).toEqual({ ok: true, message: { code: 1, text: 'Seite ist geladen' } })
  })
  it('another window, even of the right origin and shape, is ignored', () => {
    expect(acceptAgencyMessage({ fromFrame: false, origin, data: formatAgencyLoginMessage(3, CARD) }, origin)).toEqual({ ok: false, reason: 'source' })
  })
  it('the frame window after it navigated elsewhere (another origin) is ignored', () => {
    expect(acceptAgencyMessage({ fromFrame: true, origin: 'http://127.0.0.1:9999', data: '3|{}' }, origin)).toEqual({ ok: false, reason: 'origin' })
    expect(acceptAgencyMessage({ fromFrame: true, origin: 'null', data: '4' }, 'null')).toEqual({ ok: false, reason: 'origin' })
  })
  it('a wrong shape from the frame is ignored', () => {
    expect(acceptAgencyMessage({ fromFrame: true, origin, data: { code: 3 } }, origin)).toEqual({ ok: false, reason: 'shape' })
  })
})

describe('frame address and origin', () => {
  it('a relative frame URL is this page’s origin, with the parent origin in the query', () => {
    expect(frameOrigin('/agentur-login-frame/', 'http://localhost:3000/reise/1/?agentur=true')).toBe('http://localhost:3000')
    expect(frameSrc('/agentur-login-frame/', 'http://localhost:3000/?agentur=true')).toBe('/agentur-login-frame/?origin=http%3A%2F%2Flocalhost%3A3000')
  })
  it('an absolute frame URL keeps its origin and its own query', () => {
    expect(frameOrigin('https://login.partner.example/frame?x=1', 'https://agentur.example/')).toBe('https://login.partner.example')
    expect(frameSrc('https://login.partner.example/frame?x=1', 'https://agentur.example/')).toBe(
      'https://login.partner.example/frame?x=1&origin=https%3A%2F%2Fagentur.example',
    )
  })
})

describe('shouldShowAgencyDialog (spec 4)', () => {
  const at = (url: string) => {
    const u = new URL(url)
    return { host: u.host, hostname: u.hostname, search: u.search }
  }
  it('on the agency host while no AgenturId is stored', () => {
    expect(shouldShowAgencyDialog(at('https://agentur.example/'), 'agentur.example', null)).toBe(true)
    expect(shouldShowAgencyDialog(at('https://AGENTUR.example/reise/1/'), 'agentur.example', null)).toBe(true)
    expect(shouldShowAgencyDialog(at('https://agentur.example/'), 'agentur.example', '470013')).toBe(false)
  })
  it('AGENCY_HOST with a port must match host and port', () => {
    expect(shouldShowAgencyDialog(at('http://agentur.localhost:3611/'), 'agentur.localhost:3611', null)).toBe(true)
    expect(shouldShowAgencyDialog(at('http://agentur.localhost:3612/'), 'agentur.localhost:3611', null)).toBe(false)
    expect(shouldShowAgencyDialog(at('http://agentur.localhost:3612/'), 'agentur.localhost', null)).toBe(true)
  })
  it('on the local development host only with ?agentur=true', () => {
    expect(shouldShowAgencyDialog(at('http://localhost:3000/?agentur=true'), 'agentur.example', null)).toBe(true)
    expect(shouldShowAgencyDialog(at('http://127.0.0.1:3000/?agentur=true'), 'agentur.example', '470013')).toBe(true)
    expect(shouldShowAgencyDialog(at('http://[::1]:3000/?agentur=true'), 'agentur.example', null)).toBe(true)
    expect(shouldShowAgencyDialog(at('http://localhost:3000/'), 'agentur.example', null)).toBe(false)
    expect(shouldShowAgencyDialog(at('http://localhost:3000/?agentur=1'), 'agentur.example', null)).toBe(false)
    expect(shouldShowAgencyDialog(at('http://localhost:3000/?agentur=TRUE'), 'agentur.example', null)).toBe(false)
  })
  it('hidden everywhere else, also with the parameter', () => {
    expect(shouldShowAgencyDialog(at('https://www.sonnenland-reisen.example/?agentur=true'), 'agentur.example', null)).toBe(false)
    expect(shouldShowAgencyDialog(at('https://evil-agentur.example/'), 'agentur.example', null)).toBe(false)
    expect(shouldShowAgencyDialog(at('https://agentur.example.evil.test/'), 'agentur.example', null)).toBe(false)
    expect(shouldShowAgencyDialog(at('https://agentur.example/'), '', null)).toBe(false)
  })
})

describe('isAllowedParentOrigin: whom the frame posts to', () => {
  const allowed = { ownOrigin: 'https://www.sonnenland-reisen.example', siteUrl: 'https://sonnenland-reisen.example/', agencyHost: 'agentur.sonnenland-reisen.example' }
  it('its own origin, SITE_URL and the agency host', () => {
    expect(isAllowedParentOrigin('https://www.sonnenland-reisen.example', allowed)).toBe(true)
    expect(isAllowedParentOrigin('https://sonnenland-reisen.example', allowed)).toBe(true)
    expect(isAllowedParentOrigin('https://agentur.sonnenland-reisen.example', allowed)).toBe(true)
    expect(isAllowedParentOrigin('https://agentur.sonnenland-reisen.example:8443', allowed)).toBe(true)
  })
  it('nobody else, and no http parent of an https frame', () => {
    expect(isAllowedParentOrigin('https://evil.example', allowed)).toBe(false)
    expect(isAllowedParentOrigin('http://agentur.sonnenland-reisen.example', allowed)).toBe(false)
    expect(isAllowedParentOrigin('https://agentur.sonnenland-reisen.example.evil.test', allowed)).toBe(false)
    expect(isAllowedParentOrigin('https://agentur.sonnenland-reisen.example/pfad', allowed)).toBe(false)
    expect(isAllowedParentOrigin('null', allowed)).toBe(false)
    expect(isAllowedParentOrigin('*', allowed)).toBe(false)
    expect(isAllowedParentOrigin('javascript:alert(1)', allowed)).toBe(false)
  })
  it('an http frame (development, tests) may talk to an http agency host', () => {
    expect(isAllowedParentOrigin('http://agentur.localhost:3611', { ownOrigin: 'http://localhost:3611', siteUrl: null, agencyHost: 'agentur.localhost' })).toBe(true)
  })
})

function memoryStorage(): Storage {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  }
}

describe('the browser session', () => {
  it('code 3 stores AgenturId and the user data; the logged-in flag follows the user data', () => {
    const storage = memoryStorage()
    expect(readAgencySession(storage)).toEqual({ agencyId: null, user: null, loggedIn: false })
    storeAgencyCard(storage, CARD)
    expect(storage.getItem(AGENCY_ID_KEY)).toBe('470013')
    const session = readAgencySession(storage)
    expect(session).toEqual({
      agencyId: '470013',
      user: { name: 'Reisebüro Sonne', token: 'abc.def', expires: '2027-01-01T12:00:00.000Z' },
      loggedIn: true,
    })
    expect(agencyCredentials(session)).toEqual({ agencyToken: 'abc.def', agenturId: '470013' })
  })

  it('logging out clears AgenturId and the token', () => {
    const storage = memoryStorage()
    storeAgencyCard(storage, CARD)
    clearAgencySession(storage)
    expect(storage.getItem(AGENCY_ID_KEY)).toBeNull()
    expect(storage.getItem(AGENCY_USER_KEY)).toBeNull()
    expect(agencyCredentials(readAgencySession(storage))).toEqual({})
  })

  it('garbage user data is no login; AgenturId alone is no login either', () => {
    const storage = memoryStorage()
    storage.setItem(AGENCY_ID_KEY, '470013')
    storage.setItem(AGENCY_USER_KEY, '{kaputt')
    expect(readAgencySession(storage)).toEqual({ agencyId: '470013', user: null, loggedIn: false })
    storage.setItem(AGENCY_USER_KEY, '{"name":1}')
    expect(readAgencySession(storage).loggedIn).toBe(false)
  })

  it('the browser sends what it holds, tampered or not: the server decides', () => {
    const storage = memoryStorage()
    storeAgencyCard(storage, CARD)
    storage.setItem(AGENCY_ID_KEY, '999')
    expect(agencyCredentials(readAgencySession(storage))).toEqual({ agencyToken: 'abc.def', agenturId: '999' })
  })

  it('expiry as the card says; none means the server decides', () => {
    const storage = memoryStorage()
    storeAgencyCard(storage, CARD)
    const session = readAgencySession(storage)
    expect(isAgencySessionExpired(session, Date.parse('2027-01-01T11:59:59Z'))).toBe(false)
    expect(isAgencySessionExpired(session, Date.parse('2027-01-01T12:00:00Z'))).toBe(true)
    storeAgencyCard(storage, { vc_card: { ratio_agency_id: 1 } })
    expect(isAgencySessionExpired(readAgencySession(storage), Date.parse('2099-01-01T00:00:00Z'))).toBe(false)
  })
})

describe('retryAfterText', () => {
  it.each([
    [1, 'in 1 Sekunde'],
    [30, 'in 30 Sekunden'],
    [59.2, 'in 1 Minute'],
    [60, 'in 1 Minute'],
    [61, 'in 2 Minuten'],
    [900, 'in 15 Minuten'],
    [0, 'in 1 Sekunde'],
  ])('%s s → %s', (seconds, text) => {
    expect(retryAfterText(seconds)).toBe(text)
  })
})

describe('the agency session store (spec 3, 4)', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { localStorage: memoryStorage(), addEventListener: () => undefined, removeEventListener: () => undefined })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('with nothing stored is the server snapshot itself, so hydration sees no change', () => {
    expect(getAgencySession()).toBe(LOGGED_OUT)
  })

  it('reads a stored card, keeps the same object while nothing changes, and is logged out again after logout', () => {
    startAgencySession(CARD)
    const session = getAgencySession()
    expect(session).toMatchObject({ agencyId: '470013', loggedIn: true, user: { name: 'Reisebüro Sonne', token: 'abc.def' } })
    expect(getAgencySession()).toBe(session)
    endAgencySession()
    expect(getAgencySession()).toBe(LOGGED_OUT)
  })
})
