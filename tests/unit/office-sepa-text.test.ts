// The SEPA basic Latin character set of the pain.008 file (issue 46): names and texts written the
// way German banks transliterate them, within their lengths, and the ids' rules.
import { describe, expect, it } from 'vitest'
import { isSepaId, sepaText } from '~/lib/office/sepa-text'

const SEPA_SET = /^[A-Za-z0-9/?:().,'+ -]*$/

describe('sepaText', () => {
  it('writes umlauts and ß the German way and other letters without their marks', () => {
    expect(sepaText('Weiß-Müller', 70)).toBe('Weiss-Mueller')
    expect(sepaText('Ärger Öl Übel äöü', 70)).toBe('Aerger Oel Uebel aeoeue')
    expect(sepaText('Çelik', 70)).toBe('Celik')
    expect(sepaText('Søren Øberg', 70)).toBe('Soren Oberg')
    expect(sepaText('François Dupré, Núñez, Łukasz Żółć, Đorđević', 70)).toBe('Francois Dupre, Nunez, Lukasz Zolc, Dordevic')
    expect(sepaText('Иван Петров', 70)).toBe('Ivan Petrov')
  })

  it('turns what the set lacks into what German banks write, or a space', () => {
    expect(sepaText('Müller & Söhne', 70)).toBe('Mueller + Soehne')
    expect(sepaText('O’Brien – „Reisen“ 100%', 70)).toBe("O'Brien - 'Reisen' 100.")
    expect(sepaText('  Anna\t\nBecker_Jr @ home  ', 70)).toBe('Anna Becker-Jr home')
    expect(sepaText('Anna 🚌 Becker', 70)).toBe('Anna Becker')
  })

  it('cuts to the field length after transliterating, and every result is in the set', () => {
    const long = 'Größmann-Süßholz '.repeat(6)
    expect(long.length).toBeLessThanOrEqual(140)
    expect(sepaText(long, 70)).toHaveLength(70)
    expect(sepaText(long, 70)).toBe(sepaText(long, 70).trim())
    for (const s of ['ǄǅǆﬁＡＢＣ①', 'Ærø Œuvre', '¿¡§©®™°±×÷', '日本語 Ελληνικά'])
      expect(sepaText(s, 140)).toMatch(SEPA_SET)
  })
})

describe('isSepaId', () => {
  it('takes 1–35 characters of the set, without a slash first or last and without //', () => {
    expect(isSepaId('LS-2027-03-01-17-P2')).toBe(true)
    expect(isSepaId("A1/B2 (x).y,z'+?:")).toBe(true)
    expect(isSepaId('x'.repeat(35))).toBe(true)
    for (const bad of ['', 'x'.repeat(36), '/LS-1', 'LS-1/', 'LS//1', 'LS-1_2', 'Müller'])
      expect(isSepaId(bad), bad).toBe(false)
  })
})
