/**
 * A value built on its first use and kept. Meant for Intl formatters above all: the first of a kind
 * makes the browser load its locale data (30–60 ms on a fast desktop, several times that on a
 * phone), which should cost only the page that formats with it, not every page that loads the module.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined
  return () => (made ??= { value: make() }).value
}
