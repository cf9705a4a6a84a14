// Security headers shared by every response the server sends (pages, API, static files).
// The Content-Security-Policy needs the per-request nonce, so it is built per page.

export const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=(self), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'SAMEORIGIN',
}

/** Sent when the site is served over HTTPS: a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains'

/** HTTPS directly, or behind a TLS proxy that the configured https SITE_URL speaks for. */
export function servedOverHttps(requestProtocol: string, siteUrl: string | undefined): boolean {
  return requestProtocol === 'https:' || (siteUrl?.startsWith('https:') ?? false)
}

/**
 * frame-src lists the agency login frame's origin so that the embedded login can load;
 * frameAncestors lets the agency host embed the login frame page.
 */
export function contentSecurityPolicy(nonce: string, frameOrigins: readonly string[] = [], frameAncestors: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // React sets style attributes (e.g. image aspect ratios); inline style attributes cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src 'self' ${frameOrigins.join(' ')}`.trim(),
    `frame-ancestors 'self' ${frameAncestors.join(' ')}`.trim(),
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ')
}
