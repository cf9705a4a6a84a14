// Where the office's login returns to: a page of the office with its filter, never another site.
import { describe, expect, it } from 'vitest'
import { officeReturnPath } from '~/lib/office/login'

describe('officeReturnPath', () => {
  it('keeps an office page and the query of a shared list', () => {
    expect(officeReturnPath('/buero/buchungen/Z3YN-4RMS/')).toBe('/buero/buchungen/Z3YN-4RMS/')
    expect(officeReturnPath('/buero/buchungen/?q=Bernd%20Muster&zahlung=open')).toBe('/buero/buchungen/?q=Bernd%20Muster&zahlung=open')
  })
  it('sends everything else to the office start', () => {
    for (const value of ['//evil.example/', 'https://evil.example/buero/', '/buero//evil', '/agentur/', '/buero/x?a=<b>', '/buero/x?a=1#x', 42, undefined]) {
      expect(officeReturnPath(value), String(value)).toBe('/buero/')
    }
  })
})
