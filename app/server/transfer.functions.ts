import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { getDb } from './runtime.server'
import { lookupTransfer } from './services/transfer.server'

/** The transfer zones and, for `?plz=`, the zone and price (or why there is none). */
export const fetchTransferLookup = createServerFn({ method: 'GET' })
  .validator(z.object({ plz: z.string().max(50).optional() }))
  .handler(async ({ data }) => lookupTransfer(await getDb(), data.plz))
