import { createServerFn } from '@tanstack/react-start'
import { getDb } from './runtime.server'
import { loadFlightLanding } from './services/flight-landing.server'

/** The Flugreisen landing page: its categories and trips. */
export const fetchFlightLanding = createServerFn({ method: 'GET' }).handler(async () => loadFlightLanding(await getDb()))
