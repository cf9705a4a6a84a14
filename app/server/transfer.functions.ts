import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { getDb } from './runtime.server'
import { lookupTransfer } from './services/transfer.server'

/** The transfer zones and, for a zip code (the page's `?plz=`), the zone and price (or why there is none). */
export const fetchTransferLookup = createServerFn({ method: 'GET' })
  .validator(z.object({ zip: z.optional(z.string().check(z.maxLength(50))) }))
  .handler(async ({ data }) => lookupTransfer(await getDb(), data.zip))
