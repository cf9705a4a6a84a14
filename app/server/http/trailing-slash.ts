// Spec 2: "Paths without a trailing slash, without a dot and without a query are redirected to
// the same path with a trailing slash." The JSON API and the server-function endpoint keep their
// paths as the spec's call table writes them (GET /api/init-data), so they are left alone.
const EXEMPT_PREFIXES = ['/api/', '/_serverFn/']

export function trailingSlashTarget(url: URL): string | null {
  const { pathname, search } = url
  if (search !== '' || url.href.endsWith('?')) return null
  if (pathname.endsWith('/')) return null
  if (pathname.includes('.')) return null
  if (EXEMPT_PREFIXES.some((p) => pathname.startsWith(p) || pathname === p.slice(0, -1))) return null
  // Never '//host/': a browser reads a Location that starts with two slashes (or a slash and a
  // backslash) as another host. Leading slashes collapse into one, so the redirect stays on the site.
  return `/${pathname.replace(/^[/\\]+/, '')}/`
}
