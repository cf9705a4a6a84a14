// The operator's identity: DEFAULT_SITE_INFO, overridden field by field by a JSON file named in
// SITE_CONFIG_FILE, validated with the same schema so a wrong file stops the start with a message.
import { readFileSync } from 'node:fs'
import * as z from 'zod/mini'
import { DEFAULT_SITE_INFO, siteInfoSchema } from '~/lib/site'
import type { SiteInfo } from '~/lib/site'
import { config } from './config.server'

let cached: SiteInfo | undefined

export function siteInfo(): SiteInfo {
  if (cached) return cached
  const file = config().SITE_CONFIG_FILE
  if (!file) return (cached = DEFAULT_SITE_INFO)
  let overrides: unknown
  try {
    overrides = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    console.error(`Ungültige Konfiguration: SITE_CONFIG_FILE – ${file} ist keine lesbare JSON-Datei`)
    process.exit(1)
  }
  const result = z.partial(siteInfoSchema).safeParse(overrides)
  if (!result.success) {
    console.error(`Ungültige Konfiguration: SITE_CONFIG_FILE – ${result.error.issues[0]?.path.join('.')}: ${result.error.issues[0]?.message}`)
    process.exit(1)
  }
  return (cached = { ...DEFAULT_SITE_INFO, ...result.data })
}
