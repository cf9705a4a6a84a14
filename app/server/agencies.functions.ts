import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { agencyPageInputSchema } from '~/lib/agencies'
import { getDb } from './runtime.server'
import { searchAgencies } from './services/agencies.server'

/** One page of the agency directory, filtered by zip prefix; a page beyond the end is a 404. */
export const fetchAgencies = createServerFn({ method: 'GET' })
  .validator(agencyPageInputSchema)
  .handler(async ({ data }) => {
    const result = await searchAgencies(await getDb(), data)
    if (data.page > result.pages) throw notFound()
    return result
  })
