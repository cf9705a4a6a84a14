// The agency directory (/reisebueros/agenturen/): what the page reads from its address and shows,
// and what its server function accepts.
import * as z from 'zod/mini'
import { pageNumberSchema } from './paging'

/** A zip prefix: up to five digits; '' lists every agency. */
const ZIP_PREFIX = /^[0-9]{0,5}$/

export const agencyPageInputSchema = z.object({ zipPrefix: z.string().check(z.regex(ZIP_PREFIX)), page: pageNumberSchema })

/** The zip prefix to search for: the digits typed, or '' (all agencies) when the input is not a prefix. */
export function zipPrefixOf(plz: string | undefined): string {
  const text = plz?.trim() ?? ''
  return ZIP_PREFIX.test(text) ? text : ''
}

/** Only web addresses become links: a value from the database never turns into javascript: or similar. */
export function safeWebsite(url: string | null): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null
  } catch {
    return null
  }
}
