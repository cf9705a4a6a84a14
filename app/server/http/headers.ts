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

/**
 * HTTPS directly, behind a TLS proxy that the configured https SITE_URL speaks for, or behind a
 * trusted proxy that says so in X-Forwarded-Proto (`trustedForwardedProto`: null when the peer is
 * not a trusted proxy).
 */
export function servedOverHttps(
  requestProtocol: string,
  siteUrl: string | undefined,
  trustedForwardedProto: string | null = null,
): boolean {
  const forwarded = trustedForwardedProto?.split(',')[0]?.trim().toLowerCase()
  return requestProtocol === 'https:' || (siteUrl?.startsWith('https:') ?? false) || forwarded === 'https'
}

/**
 * The headers every response carries (pages, API, static files, error pages), where the response
 * has not set its own. A page another site may frame (the agency login frame, which its CSP's
 * frame-ancestors governs) gets no X-Frame-Options.
 */
export function addSecurityHeaders(headers: Headers, options: { https: boolean; framable: boolean }): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!headers.has(name) && !(options.framable && name === 'X-Frame-Options')) headers.set(name, value)
  }
  if (options.https) headers.set('Strict-Transport-Security', HSTS)
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
