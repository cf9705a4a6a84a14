// Server functions behind the app shell: init data and the operator's identity.
import { createServerFn } from '@tanstack/react-start'
import { EMPTY_INIT_DATA } from '~/lib/api'
import { errorFields, log } from './log.server'
import { publicOrigin } from './origin.server'
import { getInitData } from './services/catalogue.server'
import { siteInfo } from './site.server'

/** Spec 8: a failure loading init data is only logged; the page renders without it. */
export const fetchInitData = createServerFn({ method: 'GET' }).handler(async () => {
  try {
    return await getInitData()
  } catch (error) {
    log('error', 'init data failed', errorFields(error))
    return EMPTY_INIT_DATA
  }
})

export const fetchSiteInfo = createServerFn({ method: 'GET' }).handler(() => siteInfo())

/** The site's public origin (SITE_URL), for canonical links. */
export const fetchSiteOrigin = createServerFn({ method: 'GET' }).handler(() => publicOrigin())
