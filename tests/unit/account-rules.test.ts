// Pure rules of customer accounts (issue 27): the return path after sign-in, the names compared
// when a guest booking is linked, the last day a travel insurance may be added, the booking
// person filled in from the account, and the browser named in the session list.
import { describe, expect, it } from 'vitest'
import { accountReturnPath } from '~/lib/account/auth'
import { comparableName, insuranceAddableUntil } from '~/lib/account/bookings'
import { browserLabel, withBookerFromAccount } from '~/lib/account/profile'

describe('accountReturnPath', () => {
  it('keeps a path of the site with its query, and sends anything else to Mein Konto', () => {
    expect(accountReturnPath('/konto/buchungen/7K4P-9XQ2/')).toBe('/konto/buchungen/7K4P-9XQ2/')
    expect(accountReturnPath('/reise/12/?termin=3')).toBe('/reise/12/?termin=3')
    for (const bad of ['https://evil.example/', '//evil.example/', '/\\evil', '/anmelden/', '/buero/', 'konto', 42, undefined, '/reise/1/?x=<script>']) {
      expect(accountReturnPath(bad), String(bad)).toBe('/konto/')
    }
  })
})

describe('comparableName', () => {
  it('ignores case, surrounding and doubled blanks, and Unicode composition', () => {
    expect(comparableName('  Müller-Lüdenscheidt ')).toBe(comparableName('MÜLLER-LÜDENSCHEIDT'))
    expect(comparableName('von  der Heide')).toBe('von der heide')
    expect(comparableName('Mu\u0308ller')).toBe(comparableName('Müller'))
    expect(comparableName('Müller')).not.toBe(comparableName('Mueller'))
  })
})

describe('insuranceAddableUntil', () => {
  it('is 30 days before departure for a booking made earlier', () => {
    expect(insuranceAddableUntil('2027-01-10', '2027-06-01')).toBe('2027-05-02')
  })
  it('is 3 days after booking for a booking made within 30 days of departure, and never the departure day', () => {
    expect(insuranceAddableUntil('2027-05-20', '2027-06-01')).toBe('2027-05-23')
    expect(insuranceAddableUntil('2027-05-30', '2027-06-01')).toBe('2027-05-31')
  })
})

describe('withBookerFromAccount', () => {
  const person = (buchender: boolean, firstname = '') => ({ buchender, firstname, lastname: '', street: '', street_nr: '', zip: '', city: '', email: '', tel: '' })
  const account = { firstname: 'Erika', lastname: 'Kontofrau', street: 'Am Markt', streetNr: '7', zip: '33602', city: 'Bielefeld', phone: '0521 1', email: 'e@example.de' }
  it('fills the booking person’s empty fields only, and no other traveller', () => {
    const draft = { allRooms: [{ teilnehmer: [person(true, 'Anna'), person(false)] }] }
    const [booker, other] = withBookerFromAccount(draft, account).allRooms[0]!.teilnehmer
    expect(booker).toMatchObject({ firstname: 'Anna', lastname: 'Kontofrau', street_nr: '7', email: 'e@example.de', tel: '0521 1' })
    expect(other).toEqual(person(false))
  })
})

describe('browserLabel', () => {
  it('names browser and system in German, and says so when it knows neither', () => {
    expect(browserLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36')).toBe('Chrome unter Windows')
    expect(browserLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1')).toBe(
      'Safari unter iOS',
    )
    expect(browserLabel('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox unter Linux')
    expect(browserLabel(null)).toBe('Unbekannter Browser')
  })
})
