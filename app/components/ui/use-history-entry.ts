import { useRouterState } from '@tanstack/react-router'
import { useState } from 'react'
import type { Dispatch, SetStateAction } from 'react'

/**
 * The values of a form that mirrors the address (a list's filter): read from the address with
 * `fromAddress` at first and again whenever the browser's history entry changes (a navigation, Back,
 * Forward, "Filter zurücksetzen"), as soon as the address changes, before the new page's data has
 * arrived. Between those, the form's own edits.
 */
export function useValuesOfAddress<T>(fromAddress: (search: unknown) => T): [T, Dispatch<SetStateAction<T>>] {
  const key = useRouterState({ select: (state) => state.location.state.__TSR_key ?? state.location.href })
  const search = useRouterState({ select: (state) => state.location.search })
  const [values, setValues] = useState(() => fromAddress(search))
  const [shownKey, setShownKey] = useState(key)
  if (shownKey !== key) {
    setShownKey(key)
    setValues(fromAddress(search))
  }
  return [values, setValues]
}
