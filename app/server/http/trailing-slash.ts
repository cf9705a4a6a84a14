// Spec 2: "Paths without a trailing slash, without a dot and without a query are redirected to
// the same path with a trailing slash." The JSON API and the server-function endpoint keep their
// paths as the spec's call table writes them (GET /api/init-data), so they are left alone.
//
// A path that starts with two slashes (or a slash and a backslash) is redirected to the same path
// with one: a browser reads a Location that starts with two slashes as another host, and the
// router's own cleaning of such a path would build its Location from the request's Host header.
const EXEMPT_PREFIXES = ['/api/', '/_serverFn/']

/** The path (with its query) to redirect to, relative to the site's origin; null: no redirect. */
export function trailingSlashTarget(url: URL): string | null {
  const { pathname, search } = url
  const path = pathname.replace(/^[/\\]+/, '/')
  const needsSlash =
    search === '' &&
    !url.href.endsWith('?') &&
    !path.endsWith('/') &&
    !path.includes('.') &&
    !EXEMPT_PREFIXES.some((p) => path.startsWith(p) || path === p.slice(0, -1))
  if (path === pathname && !needsSlash) return null
  return `${path}${needsSlash ? '/' : ''}${search}`
}
