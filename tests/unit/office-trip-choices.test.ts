import { describe, expect, it } from 'vitest'
import { tripChoiceLabels, withChosen } from '~/lib/office/trip-choices'

describe('tripChoiceLabels', () => {
  it('names a shared title with the trip number, and leaves a title of its own alone', () => {
    const labels = tripChoiceLabels([
      { id: 7, title: 'Gardasee' },
      { id: 12, title: 'Gardasee' },
      { id: 3, title: 'Rügen' },
    ])
    expect([...labels]).toEqual([
      [7, 'Gardasee (Reise-Nr. 7)'],
      [12, 'Gardasee (Reise-Nr. 12)'],
      [3, 'Rügen'],
    ])
  })
})

describe('withChosen', () => {
  it('keeps the chosen value offered while the choices are still loading, and adds nothing once they are there', () => {
    expect(withChosen([], '12')).toEqual(['12'])
    expect(withChosen(['3', '12'], '12')).toEqual(['3', '12'])
    expect(withChosen(['3'], '')).toEqual(['3'])
  })
})
