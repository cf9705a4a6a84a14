import { getRequestUrl } from '@tanstack/react-start/server'
import { siteOrigin } from '~/lib/sitemap'
import { config } from './config.server'

/** The public origin for canonical and absolute URLs: SITE_URL when configured, else this request's origin. */
export function publicOrigin(requestUrl: string = getRequestUrl().href): string {
  return siteOrigin(config().SITE_URL, requestUrl)
}
