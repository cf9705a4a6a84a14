// Removing a traveller or a room must leave every remaining traveller with their own field state
// (value, errors, touched, dirty, left), as the booking form's travellers are a nested array
// (allRooms[i].teilnehmer[j]). TanStack Form 1.33.5 gets this wrong on its own (the `it.fails`
// cases below; when one of them starts to fail, the library is fixed and removeArrayItem can go);
// removeArrayItem gets it right.
import { FieldApi, FormApi, revalidateLogic } from '@tanstack/react-form'
import type { AnyFieldApi } from '@tanstack/react-form'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { removeArrayItem } from '~/components/forms/remove-array-item'

type Person = { firstname: string; lastname: string }
type Booking = { allRooms: { teilnehmer: Person[] }[] }
type NameKey = keyof Person
type ListPath = 'allRooms' | 'allRooms[0].teilnehmer' | 'allRooms[1].teilnehmer'

const MISSING: Record<NameKey, string> = {
  firstname: 'Bitte geben Sie den Vornamen ein.',
  lastname: 'Bitte geben Sie den Nachnamen ein.',
}
const NAME_KEYS: readonly NameKey[] = ['firstname', 'lastname']

const anna = { firstname: 'Anna', lastname: 'Alt' }
const bernd = { firstname: 'Bernd', lastname: 'Bauer' }
const clara = { firstname: 'Clara', lastname: 'Cramer' }
const dieter = { firstname: 'Dieter', lastname: 'Dorn' }

const nameOf = (room: number, traveller: number, key: NameKey) => `allRooms[${room}].teilnehmer[${traveller}].${key}` as const

const BOOKING: Booking = { allRooms: [{ teilnehmer: [anna, bernd] }, { teilnehmer: [clara, dieter] }] }

/** A booking form as the page mounts it: the lists and both name fields of every traveller, which must not be empty once left. */
function bookingForm() {
  // A submit meta type as useAppForm infers one: the class's default, never, fits no AnyFieldApi.
  const form = new FormApi({ defaultValues: BOOKING, onSubmitMeta: undefined })
  form.mount()
  const lists = new Map<ListPath, AnyFieldApi>()
  for (const name of ['allRooms', 'allRooms[0].teilnehmer', 'allRooms[1].teilnehmer'] as const) {
    const list = new FieldApi({ form, name })
    list.mount()
    lists.set(name, list)
  }
  const fields = new Map<string, AnyFieldApi>()
  for (const room of [0, 1]) {
    for (const traveller of [0, 1]) {
      for (const key of NAME_KEYS) {
        const name = nameOf(room, traveller, key)
        const field = new FieldApi({
          form,
          name,
          validators: { onBlur: ({ value }: { value: string }) => (value.trim() === '' ? MISSING[key] : undefined) },
        })
        field.mount()
        fields.set(name, field)
      }
    }
  }
  const field = (room: number, traveller: number, key: NameKey) => {
    const found = fields.get(nameOf(room, traveller, key))
    if (!found) throw new Error(`no field ${nameOf(room, traveller, key)}`)
    return found
  }
  const list = (path: ListPath) => {
    const found = lists.get(path)
    if (!found) throw new Error(`no list ${path}`)
    return found
  }
  return { form, field, list }
}

type BookingForm = ReturnType<typeof bookingForm>
type Remove = (booking: BookingForm, path: ListPath, index: number) => Promise<void>

/** What the user did before removing anyone: Anna's last name changed, Bernd's first name and Clara's last name and Dieter's first name emptied and left. */
function fillIn({ field }: BookingForm) {
  field(0, 0, 'lastname').handleChange('Alt-Meyer')
  for (const [room, traveller, key] of [
    [0, 1, 'firstname'],
    [1, 0, 'lastname'],
    [1, 1, 'firstname'],
  ] as const) {
    field(room, traveller, key).handleChange('')
    field(room, traveller, key).handleBlur()
  }
}

type FieldState = { value: unknown; touched: boolean; dirty: boolean; left: boolean; errors: unknown[] }
const untouched = (value: string): FieldState => ({ value, touched: false, dirty: false, left: false, errors: [] })
const changed = (value: string): FieldState => ({ value, touched: true, dirty: true, left: false, errors: [] })
const emptiedAndLeft = (key: NameKey): FieldState => ({ value: '', touched: true, dirty: true, left: true, errors: [MISSING[key]] })

/** Each remaining traveller's name fields, room by room, as the form holds them. */
function travellerStates(form: BookingForm['form']): Record<NameKey, FieldState | undefined>[][] {
  return form.state.values.allRooms.map((room, r) =>
    room.teilnehmer.map((_, t) => {
      const state = (key: NameKey): FieldState | undefined => {
        const meta = form.getFieldMeta(nameOf(r, t, key))
        if (!meta) return undefined
        return { value: form.getFieldValue(nameOf(r, t, key)), touched: meta.isTouched, dirty: meta.isDirty, left: meta.isBlurred, errors: meta.errors }
      }
      return { firstname: state('firstname'), lastname: state('lastname') }
    }),
  )
}

const ANNA = { firstname: untouched('Anna'), lastname: changed('Alt-Meyer') }
const BERND = { firstname: emptiedAndLeft('firstname'), lastname: untouched('Bauer') }
const CLARA = { firstname: untouched('Clara'), lastname: emptiedAndLeft('lastname') }
const DIETER = { firstname: emptiedAndLeft('firstname'), lastname: untouched('Dorn') }

type Scenario = {
  name: string
  path: ListPath
  index: number
  expected: (typeof ANNA)[][]
  gone: string[]
  /** What TanStack Form 1.33.5 alone gets wrong in this case, if anything. */
  library: { wrong: 'errors'; because: string } | { wrong: 'touched'; because: string } | { wrong: null }
}

const NESTED_SHIFT = 'it shifts the field state by the room index (TanStack/form PR #2361)'
const TOUCHES_ALL = 'its revalidation marks every following traveller as touched (TanStack/form issue #2131)'

const SCENARIOS: readonly Scenario[] = [
  {
    name: 'the first traveller of the first room',
    path: 'allRooms[0].teilnehmer',
    index: 0,
    expected: [[BERND], [CLARA, DIETER]],
    gone: [nameOf(0, 1, 'firstname'), nameOf(0, 1, 'lastname')],
    library: { wrong: 'errors', because: NESTED_SHIFT },
  },
  {
    name: 'the first traveller of the second room',
    path: 'allRooms[1].teilnehmer',
    index: 0,
    expected: [[ANNA, BERND], [DIETER]],
    gone: [nameOf(1, 1, 'firstname'), nameOf(1, 1, 'lastname')],
    library: { wrong: 'errors', because: NESTED_SHIFT },
  },
  {
    name: 'the second traveller of the first room',
    path: 'allRooms[0].teilnehmer',
    index: 1,
    expected: [[ANNA], [CLARA, DIETER]],
    gone: [nameOf(0, 1, 'firstname'), nameOf(0, 1, 'lastname')],
    // Nothing follows the last item, so nothing is shifted.
    library: { wrong: null },
  },
  {
    name: 'the whole first room',
    path: 'allRooms',
    index: 0,
    expected: [[CLARA, DIETER]],
    gone: [nameOf(1, 0, 'firstname'), nameOf(1, 1, 'lastname'), 'allRooms[1].teilnehmer'],
    // A top-level array: the first index is the right one to shift.
    library: { wrong: 'touched', because: TOUCHES_ALL },
  },
]

/** Every traveller's state, or only the part the library gets wrong. */
function project(states: Record<NameKey, FieldState | undefined>[][], part: keyof FieldState | null) {
  if (part === null) return states
  return states.map((room) => room.map((p) => ({ firstname: p.firstname?.[part], lastname: p.lastname?.[part] })))
}

async function expectEveryoneKeepsTheirState(remove: Remove, scenario: Scenario, part: keyof FieldState | null = null) {
  const booking = bookingForm()
  fillIn(booking)
  expect(travellerStates(booking.form)).toEqual([
    [ANNA, BERND],
    [CLARA, DIETER],
  ])

  await remove(booking, scenario.path, scenario.index)

  expect(project(travellerStates(booking.form), part)).toEqual(project(scenario.expected, part))
  for (const name of scenario.gone) expect(booking.form.state.fieldMetaBase, name).not.toHaveProperty([name])
}

describe('removeArrayItem', () => {
  const remove: Remove = (booking, path, index) => removeArrayItem(booking.list(path), index)

  for (const scenario of SCENARIOS) {
    it(`removing ${scenario.name} leaves every other traveller their own value, errors, touched, dirty and left state`, async () => {
      await expectEveryoneKeepsTheirState(remove, scenario)
    })
  }

  it('changes nothing in the list field itself but marks it touched and revalidates it', async () => {
    const booking = bookingForm()
    await removeArrayItem(booking.list('allRooms[0].teilnehmer'), 0)
    expect(booking.form.state.values.allRooms.map((room) => room.teilnehmer)).toEqual([[bernd], [clara, dieter]])
    expect(booking.form.getFieldMeta('allRooms[0].teilnehmer')?.isTouched).toBe(true)
    expect(booking.form.getFieldMeta('allRooms[1].teilnehmer')?.isTouched).toBe(false)
  })

  it('with the site’s validation (a zod schema, on submit and then on every change) the errors follow the travellers', async () => {
    const schema = z.object({
      allRooms: z.array(
        z.object({
          teilnehmer: z.array(z.object({ firstname: z.string().check(z.minLength(1, MISSING.firstname)), lastname: z.string().check(z.minLength(1, MISSING.lastname)) })),
        }),
      ),
    })
    const defaultValues: Booking = {
      allRooms: [{ teilnehmer: [{ ...anna, firstname: '' }, { ...bernd, lastname: '' }] }, { teilnehmer: [clara] }],
    }
    const form = new FormApi({
      defaultValues,
      onSubmitMeta: undefined,
      validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
      validators: { onDynamic: schema },
    })
    form.mount()
    const travellers = new FieldApi({ form, name: 'allRooms[0].teilnehmer' })
    travellers.mount()
    for (const [room, traveller] of [
      [0, 0],
      [0, 1],
      [1, 0],
    ] as const) {
      for (const key of NAME_KEYS) new FieldApi({ form, name: nameOf(room, traveller, key) }).mount()
    }
    await form.handleSubmit()
    expect(form.getFieldMeta(nameOf(0, 0, 'firstname'))?.errors).toEqual([expect.objectContaining({ message: MISSING.firstname })])

    await removeArrayItem(travellers, 0)

    expect(form.state.values.allRooms[0]?.teilnehmer).toEqual([{ ...bernd, lastname: '' }])
    expect(form.getFieldMeta(nameOf(0, 0, 'firstname'))?.errors).toEqual([])
    expect(form.getFieldMeta(nameOf(0, 0, 'lastname'))?.errors).toEqual([expect.objectContaining({ message: MISSING.lastname })])
    expect(form.getFieldMeta(nameOf(1, 0, 'lastname'))?.errors).toEqual([])
  })
})

// The same cases with the library alone, each compared only in the part it gets wrong. `it.fails`
// passes while the library is wrong; when one turns red, that case is fixed upstream.
describe('TanStack Form 1.33.5 removeFieldValue on its own', () => {
  const remove: Remove = (booking, path, index) => booking.form.removeFieldValue(path, index)

  for (const scenario of SCENARIOS) {
    const { library } = scenario
    if (library.wrong === null) {
      it(`removing ${scenario.name} is right`, async () => {
        await expectEveryoneKeepsTheirState(remove, scenario)
      })
    } else {
      it.fails(`removing ${scenario.name} gets the ${library.wrong} state wrong: ${library.because}`, async () => {
        await expectEveryoneKeepsTheirState(remove, scenario, library.wrong)
      })
    }
  }
})
