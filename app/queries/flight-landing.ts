// Query factory of the Flugreisen landing page.
import { queryOptions } from '@tanstack/react-query'
import { fetchFlightLanding } from '~/server/flight-landing.functions'

export const flightLandingQuery = () => queryOptions({ queryKey: ['flight-landing'], queryFn: () => fetchFlightLanding() })
