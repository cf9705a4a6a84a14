import { createServerFn } from '@tanstack/react-start'
import { todayInBerlin } from '~/lib/calendar'
import { keptPerVersion } from './content-version.server'
import { getDb } from './runtime.server'
import { loadStartPage } from './services/start-page.server'

/** Kept per content version and day (its blocks show upcoming dates). */
const startPage = keptPerVersion(loadStartPage, () => todayInBerlin())

/** The start page's blocks; blog and advantage failures are logged and give empty lists (spec 8). */
export const fetchStartPage = createServerFn({ method: 'GET' }).handler(async () => startPage(await getDb()))
