import { siteOrigin } from '~/lib/sitemap'
import { config } from './config.server'

/**
 * The public origin for canonical and absolute URLs (sitemaps, robots.txt, .ics files, mails):
 * SITE_URL, or without it this server on localhost. Never the request's Host header, which any
 * client may set and which would end up in publicly cached files (issue 10).
 */
export function publicOrigin(): string {
  return siteOrigin(config().SITE_URL, `http://localhost:${config().PORT}`)
}
