// The agency login boundary (spec 4, DESIGN 7): the settings the dialog needs, and the login that
// the project's own login frame calls. The frame page is served by this site, so the call is
// same-origin and passes the CSRF middleware like every other server function.
import { createServerFn } from '@tanstack/react-start'
import { setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { agencyLoginInputSchema } from '~/lib/agency-login'
import { config } from './config.server'
import { requestClientAddress } from './http/client-limits.server'
import { errorFields, log } from './log.server'
import { getDb } from './runtime.server'
import { loginAgency } from './services/agency/login.server'
import type { AgencyLoginResult } from './services/agency/login.server'
import { loginThrottles } from './services/agency/runtime.server'
import { bookingSettings } from './services/booking/runtime.server'

export type AgencyLoginSettings = {
  /** The host on which the dialog shows while no AgenturId is stored. */
  agencyHost: string
  /** The login frame's address, absolute or relative to the page. */
  frameUrl: string
  /** The site's public origin (SITE_URL), which the frame also accepts as its parent. */
  siteUrl: string | null
}

/** Configuration only, nothing secret: the same for every visitor. */
export const fetchAgencyLoginSettings = createServerFn({ method: 'GET' }).handler((): AgencyLoginSettings => {
  const cfg = config()
  return {
    agencyHost: cfg.AGENCY_HOST,
    frameUrl: cfg.AGENCY_LOGIN_FRAME_URL,
    siteUrl: cfg.SITE_URL ? new URL(cfg.SITE_URL).origin : null,
  }
})

/** The frame's login: a card with the signed agency token, a refusal, or a wait after too many failures. */
export const agencyLogin = createServerFn({ method: 'POST' })
  .validator(agencyLoginInputSchema)
  .handler(async ({ data }): Promise<AgencyLoginResult> => {
    try {
      const settings = await bookingSettings()
      const result = await loginAgency(await getDb(), settings.linkSecret, data, requestClientAddress(), loginThrottles())
      if (result.kind === 'throttled') {
        setResponseStatus(429)
        setResponseHeader('Retry-After', String(result.retryAfterSeconds))
      }
      return result
    } catch (error) {
      log('error', 'agency login failed', errorFields(error))
      throw new Error('Die Anmeldung ist zurzeit nicht möglich.')
    }
  })
