// Spec 5 region list: filtered by chosen countries, grouped under sorted country headers.
import { describe, expect, it } from 'vitest'
import { type Country, type Region, countryHeader, groupRegions } from '~/lib/regions'

const region = (id: number, name: string, countryIds: number[]): Region => ({
  id_loc_region: id,
  name,
  loc_region_countries: countryIds.map((id_loc_country) => ({ id_loc_country })),
})

const DE = 1
const AT = 2
const IT = 3
const NAMELESS = 4

const countries: Country[] = [
  { id_loc_country: IT, name: 'Italien' },
  { id_loc_country: DE, name: 'Deutschland' },
  { id_loc_country: AT, name: 'Österreich' },
  { id_loc_country: NAMELESS, name: null },
  { id_loc_country: 5, name: 'Ungarn' },
]

const regions: Region[] = [
  region(10, 'Ostsee', [DE]),
  region(11, 'Bayern', [DE]),
  region(12, 'Tirol', [AT, IT]),
  region(13, 'Gardasee', [IT]),
  region(14, 'Südtirol', [IT]),
  region(15, 'Alpen', []),
  region(16, 'Donau', []),
  region(17, 'Sardinien', [IT]),
  region(18, 'Überall', [NAMELESS]),
  region(19, 'Allgäu', [DE]),
]

const summary = (groups: ReturnType<typeof groupRegions>) =>
  groups.map((g) => [g.header, g.regions.map((r) => r.name)] as const)

describe('spec 5: "Region list: filtered by the chosen country or countries, grouped under country headers sorted by name, then regions without a country under \'Andere Regionen\'"', () => {
  it('groups all regions under country headers in German order when no country is chosen', () => {
    expect(summary(groupRegions(regions, countries, []))).toEqual([
      ['Deutschland', ['Allgäu', 'Bayern', 'Ostsee']],
      ['Italien', ['Gardasee', 'Sardinien', 'Südtirol', 'Tirol']],
      ['Österreich', ['Tirol']],
      ['Reiseland', ['Überall']],
      ['Andere Regionen', ['Alpen', 'Donau']],
    ])
  })

  it('sorts Ö beside O, not after Z', () => {
    const groups = groupRegions(
      [region(1, 'Wien', [AT]), region(2, 'Budapest', [5]), region(3, 'Rom', [IT])],
      countries,
      [],
    )
    expect(groups.map((g) => g.header)).toEqual(['Italien', 'Österreich', 'Ungarn'])
  })

  it('keeps only the chosen countries and hides regions without a country', () => {
    expect(summary(groupRegions(regions, countries, [AT, DE]))).toEqual([
      ['Deutschland', ['Allgäu', 'Bayern', 'Ostsee']],
      ['Österreich', ['Tirol']],
    ])
  })

  it('lists a region of several countries under each chosen one', () => {
    const groups = groupRegions(regions, countries, [IT, AT])
    expect(groups.map((g) => g.countryId)).toEqual([IT, AT])
    expect(groups.every((g) => g.regions.some((r) => r.id_loc_region === 12))).toBe(true)
  })

  it('shows no header for a chosen country without regions', () => {
    expect(groupRegions(regions, countries, [5])).toEqual([])
  })

  it('puts the country id on each group and null on "Andere Regionen"', () => {
    const groups = groupRegions(regions, countries, [])
    expect(groups.map((g) => g.countryId)).toEqual([DE, IT, AT, NAMELESS, null])
  })

  it('omits "Andere Regionen" when every region has a country', () => {
    const groups = groupRegions([region(1, 'Ostsee', [DE])], countries, [])
    expect(groups.map((g) => g.header)).toEqual(['Deutschland'])
  })

  it('lists a region once even if it names the same country twice', () => {
    const groups = groupRegions([region(1, 'Ostsee', [DE, DE])], countries, [])
    expect(groups[0]?.regions).toHaveLength(1)
  })

  it('keeps extra region fields and does not reorder the input', () => {
    const input = [
      { ...region(2, 'Zugspitze', [DE]), slug: 'zugspitze' },
      { ...region(1, 'Ammersee', [DE]), slug: 'ammersee' },
    ]
    const groups = groupRegions(input, countries, [])
    expect(groups[0]?.regions.map((r) => r.slug)).toEqual(['ammersee', 'zugspitze'])
    expect(input.map((r) => r.id_loc_region)).toEqual([2, 1])
  })
})

describe('spec 5: "A country without a name shows as \'Reiseland\'"', () => {
  it('uses "Reiseland" for a null, empty or unknown country', () => {
    expect(countryHeader({ name: null })).toBe('Reiseland')
    expect(countryHeader({ name: '  ' })).toBe('Reiseland')
    expect(countryHeader(undefined)).toBe('Reiseland')
    expect(countryHeader({ name: ' Polen ' })).toBe('Polen')
  })

  it('gives a region of a country missing from the list a "Reiseland" group instead of dropping it', () => {
    const groups = groupRegions([region(1, 'Masuren', [99])], countries, [])
    expect(groups).toEqual([{ header: 'Reiseland', countryId: 99, regions: [region(1, 'Masuren', [99])] }])
  })

  it('keeps two nameless countries apart, ordered by id', () => {
    const groups = groupRegions(
      [region(1, 'B', [8]), region(2, 'A', [7])],
      [
        { id_loc_country: 8, name: null },
        { id_loc_country: 7, name: '' },
      ],
      [],
    )
    expect(groups.map((g) => [g.header, g.countryId])).toEqual([
      ['Reiseland', 7],
      ['Reiseland', 8],
    ])
  })
})
