import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { getDb } from './runtime.server'
import { lookupTransfer } from './services/transfer.server'

/** The transfer zones and, for a zip code (the page's `?plz=`), the zone and price (or why there is none). */
export const fetchTransferLookup = createServerFn({ method: 'GET' })
  .validator(z.object({ zip: z.string().max(50).optional() }))
  .handler(async ({ data }) => lookupTransfer(await getDb(), data.zip))
