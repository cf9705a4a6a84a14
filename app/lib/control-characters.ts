// One rule for every text a visitor sends (server-function input, the JSON API's bodies, uploaded
// statements): control characters other than tab, line feed and carriage return are dropped. They
// are never meant (a NUL byte cannot even be stored in PostgreSQL's text), and a field that keeps
// them would fail deep inside a query instead of at the boundary.

const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

/** `text` without control characters (tab, LF and CR stay). */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '')
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/**
 * The same for every string inside parsed input: in arrays and plain objects, keys included. Other
 * values (numbers, dates, files, form data) are returned as they are.
 */
export function cleanInput(value: unknown): unknown {
  if (typeof value === 'string') return withoutControlCharacters(value)
  if (Array.isArray(value)) return value.map(cleanInput)
  if (typeof value === 'object' && value !== null && isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [withoutControlCharacters(key), cleanInput(entry)]))
  }
  return value
}
