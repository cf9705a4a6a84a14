import { createServerFn } from '@tanstack/react-start'
import { getDb } from './runtime.server'
import { loadStartPage } from './services/start-page.server'

/** The start page's blocks; blog and advantage failures are logged and give empty lists (spec 8). */
export const fetchStartPage = createServerFn({ method: 'GET' }).handler(async () => loadStartPage(await getDb()))
