// The security headers of every response Nitro sends: the site's pages and API from the server
// entry, the built files Nitro serves before it (scripts, styles, fonts), and Nitro's error page.
// Strict-Transport-Security when the site is reached over HTTPS: directly, through the https
// SITE_URL, or as a trusted proxy's X-Forwarded-Proto says.
import { definePlugin } from 'nitro'
import { config } from '../config.server'
import { agencyFrameAncestors } from '../http/agency-frame.server'
import { addSecurityHeaders } from '../http/headers'
import { requestOverHttps } from '../http/https.server'

export default definePlugin((nitroApp) => {
  nitroApp.hooks.hook('response', (response, event) => {
    const cfg = config()
    const request = event.req as Request & { ip?: string }
    const url = new URL(request.url)
    addSecurityHeaders(response.headers, {
      https: requestOverHttps(request),
      framable: agencyFrameAncestors(cfg, url.pathname, url.protocol).length > 0,
    })
  })
})
