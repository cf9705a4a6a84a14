// What a visitor typed into a form and has not sent yet, kept in this tab's sessionStorage and put
// back when the page is shown again (Back, Forward, reload). The browser does that itself only for
// pages it may keep; Mein Konto's pages are no-store, so without this a typed address would be gone.
// Text fields only, never a password; forgotten once the form is sent.
import { useEffect, useRef } from 'react'
import { watchFrom } from '~/lib/watch'
import type { Subscribable } from '~/lib/watch'

type DraftForm<T> = {
  store: Subscribable
  state: { values: T }
  setFieldValue: (field: keyof T & string, value: string, options: { dontValidate: boolean }) => void
}

/** The text fields kept, with what the page showed in them at first. */
type Shown<T> = { [K in keyof T as T[K] extends string ? K : never]?: string }

const storageName = (key: string) => `ungesendet:${key}`

function forget(key: string): void {
  try {
    sessionStorage.removeItem(storageName(key))
  } catch {
    // storage switched off: nothing was kept
  }
}

/**
 * Keeps the fields named in `shown` (with what the page showed in them at first) that were changed
 * under `key`, and restores them when the form appears again; other fields (a password) are never
 * kept. `onRestored` hears when something typed was put back (to say it is not sent yet). Returns
 * the function that forgets them, for after a successful send.
 */
export function useUnsavedDraft<T extends object>(key: string, form: DraftForm<T>, shown: Shown<T>, onRestored?: () => void): () => void {
  const formRef = useRef(form)
  const shownRef = useRef(shown)
  const restoredRef = useRef(onRestored)
  useEffect(() => {
    const current = formRef.current
    const fields = shownRef.current
    let stored: unknown = null
    try {
      stored = JSON.parse(sessionStorage.getItem(storageName(key)) ?? 'null')
    } catch {
      stored = null
    }
    if (stored && typeof stored === 'object') {
      let restored = false
      for (const [field, value] of Object.entries(stored)) {
        if (!Object.hasOwn(fields, field) || typeof value !== 'string') continue
        current.setFieldValue(field as keyof T & string, value, { dontValidate: true })
        restored = true
      }
      if (restored) restoredRef.current?.()
    }
    return watchFrom(current.store, () => current.state.values, { current: current.state.values }, (values) => {
      const typed = Object.fromEntries(
        Object.entries(values).filter(([field, value]) => Object.hasOwn(fields, field) && value !== fields[field as keyof Shown<T>]),
      )
      try {
        if (Object.keys(typed).length) sessionStorage.setItem(storageName(key), JSON.stringify(typed))
        else sessionStorage.removeItem(storageName(key))
      } catch {
        // storage full or switched off: the form works as before, only without this help
      }
    })
  }, [key])
  return () => forget(key)
}
