// Small browser-side preferences of spec 2 and 9, written against minimal interfaces so they test without a DOM.

export const REFERRER_PARAM = 'referrer'
export const REFERRER_STORAGE_KEY = 'referrer'

/** Spec 2: "A referrer parameter is saved in local storage." */
export function rememberReferrer(search: string, storage: Pick<Storage, 'setItem'>): string | null {
  const value = new URLSearchParams(search).get(REFERRER_PARAM)?.trim()
  if (!value) return null
  const safe = value.slice(0, 200)
  storage.setItem(REFERRER_STORAGE_KEY, safe)
  return safe
}

export const LOCALE_COOKIE = 'locale=de-DE; Max-Age=31536000; Path=/; SameSite=Lax'

/** Spec 9: "Locale cookie: 365 days, path /, same-site lax." */
export function setLocaleCookie(doc: { cookie: string }): void {
  if (!/(?:^|;\s*)locale=/.test(doc.cookie)) doc.cookie = LOCALE_COOKIE
}

/** The referrer kept by rememberReferrer, sent with a booking (spec 2); null when there is none. */
export function readReferrer(storage: Pick<Storage, 'getItem'>): string | null {
  const value = storage.getItem(REFERRER_STORAGE_KEY)
  return value ? value.slice(0, 200) : null
}
