// Haustürtransfer: the zone of a Postleitzahl is chosen by the longest matching zip prefix.
import { describe, expect, it } from 'vitest'
import { ZIP_ERROR, findTransferZone, zipSchema } from '~/lib/transfer-zones'

const zone = (id: number, name: string, zipPrefixes: string[], euros: number) => ({ id, name, zipPrefixes, price: euros * 1_000_000 })

const ZONES = [
  zone(1, 'Zone 1 – Bielefeld', ['336', '337'], 25),
  zone(2, 'Zone 2 – Ostwestfalen', ['33', '32'], 45),
  zone(3, 'Zone 3 – Innenstadt', ['33602'], 15),
  zone(4, 'Zone 4 – Lippe', ['327', '328'], 55),
]

describe('findTransferZone: the longest prefix wins', () => {
  it('picks the zone with the longest matching prefix', () => {
    expect(findTransferZone(ZONES, '33602')?.zone.id).toBe(3)
    expect(findTransferZone(ZONES, '33611')?.zone.id).toBe(1)
    expect(findTransferZone(ZONES, '33100')?.zone.id).toBe(2)
    expect(findTransferZone(ZONES, '32756')?.zone.id).toBe(4)
    expect(findTransferZone(ZONES, '32105')?.zone.id).toBe(2)
  })

  it('reports the prefix that matched', () => {
    expect(findTransferZone(ZONES, '33719')?.prefix).toBe('337')
  })

  it('does not depend on the order of the zones', () => {
    const reversed = [...ZONES].reverse()
    for (const zip of ['33602', '33611', '33100', '32756']) {
      expect(findTransferZone(reversed, zip)?.zone.id).toBe(findTransferZone(ZONES, zip)?.zone.id)
    }
  })

  it('answers null outside every zone', () => {
    expect(findTransferZone(ZONES, '80331')).toBeNull()
    expect(findTransferZone([], '33602')).toBeNull()
  })

  it('treats an empty prefix as a catch-all that every real prefix beats', () => {
    const zones = [...ZONES, zone(9, 'Deutschland', [''], 120)]
    expect(findTransferZone(zones, '80331')?.zone.id).toBe(9)
    expect(findTransferZone(zones, '33602')?.zone.id).toBe(3)
  })

  it('on equal prefixes the cheaper zone wins, then the lower id', () => {
    const tie = [zone(7, 'teuer', ['44'], 60), zone(8, 'günstig', ['44'], 40), zone(6, 'auch günstig', ['44'], 40)]
    expect(findTransferZone(tie, '44135')?.zone.id).toBe(6)
  })

  it('ignores prefixes that are not digits and trims spaces', () => {
    const zones = [zone(1, 'a', ['4x'], 10), zone(2, 'b', [' 44 '], 20)]
    expect(findTransferZone(zones, '44135')?.zone.id).toBe(2)
  })
})

describe('zipSchema: a German Postleitzahl', () => {
  it('accepts five digits, with spaces around', () => {
    expect(zipSchema.parse('33602')).toBe('33602')
    expect(zipSchema.parse(' 01067 ')).toBe('01067')
  })

  it('refuses everything else with a German message', () => {
    for (const bad of ['', '3360', '336021', '33 602', 'abcde', '٣٣٦٠٢']) {
      const result = zipSchema.safeParse(bad)
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.message).toBe(ZIP_ERROR)
    }
  })
})
