// Removes an item from an array field so that every remaining item keeps its own field state.
//
// Why not the array field's `removeValue` (`form.removeFieldValue`) alone: in TanStack Form
// 1.33.5 it moves the values correctly, but
// - for an array inside an array (`allRooms[0].teilnehmer`) it moves the field state (errors,
//   touched, dirty, blurred) by the first index in each field's name, the room's, instead of the
//   traveller's: the next traveller gets the state of a traveller in another room, or none
//   (TanStack/form PR #2361, open), and
// - its revalidation marks every following item as touched although nobody touched it
//   (TanStack/form issue #2131, open).
// tests/unit/form-nested-array.test.ts shows both with the library alone (its `it.fails` cases);
// once those start failing, the library is fixed: call `removeValue` and delete this file.
import type { AnyFieldApi, AnyFieldLikeMetaBase, AnyFormApi } from '@tanstack/react-form'

/** The state of a field nobody has touched, for a name whose item had no such field before. */
const UNTOUCHED: AnyFieldLikeMetaBase = {
  isTouched: false,
  isBlurred: false,
  isDirty: false,
  isValidating: false,
  errorMap: {},
  errorSourceMap: {},
  _pendingValidationsCount: 0,
  _arrayVersion: 0,
}

/** `allRooms[0].teilnehmer[3].firstname` under `allRooms[0].teilnehmer` → index 3, rest `.firstname`. */
function itemOf(path: string, key: string): { index: number; rest: string } | null {
  const prefix = `${path}[`
  if (!key.startsWith(prefix)) return null
  const close = key.indexOf(']', prefix.length)
  const digits = key.slice(prefix.length, close)
  if (close < 0 || !/^\d+$/.test(digits)) return null
  return { index: Number(digits), rest: key.slice(close + 1) }
}

/** Every name under the array that has field state or a registered field. */
function namesUnder(form: AnyFormApi, path: string): string[] {
  const names = new Set([...Object.keys(form.state.fieldMetaBase), ...Object.keys(form.fieldInfo)])
  return [...names].filter((name) => itemOf(path, name) !== null)
}

export type RemoveArrayItemOptions = {
  /** Skip the validation after the removal (as `removeFieldValue`'s option of the same name). */
  dontValidate?: boolean
}

/**
 * Removes item `index` of an array field (`<form.AppField name="allRooms[1].teilnehmer"
 * mode="array">`'s field, or a mounted `FieldApi`), as its `removeValue(index)` does; then each
 * following item gets the field state it had one place further on, and a name with no such state
 * starts untouched. The list is validated as changed; the moved fields are validated without
 * being marked as touched.
 */
export async function removeArrayItem(list: AnyFieldApi, index: number, options: RemoveArrayItemOptions = {}): Promise<void> {
  const form: AnyFormApi = list.form
  const path = list.name
  const before = { ...form.state.fieldMetaBase }
  // With dontValidate the library does all its work before it returns, so the state is set right
  // below, before anything renders.
  list.removeValue(index, { dontValidate: true })
  const moved: string[] = []
  for (const name of namesUnder(form, path)) {
    const item = itemOf(path, name)
    if (!item || item.index < index) continue
    form.setFieldMeta(name, before[`${path}[${item.index + 1}]${item.rest}`] ?? UNTOUCHED)
    moved.push(name)
  }
  if (options.dontValidate) return
  await form.validateField(path, 'change')
  // A field validates only once touched; the ones nobody touched stay as they are.
  await Promise.all(moved.map(async (name) => form.fieldInfo[name]?.instance?.validate('change')))
}
