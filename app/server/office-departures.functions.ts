// The office's departures (issue 25, item 6): the list of trip dates with their places and the
// page of one date with its seat plan and lists. Each function starts with requireStaff (a 404 for
// anybody else); the lists as files are the server route `/buero/termine/{id}/{liste}.{pdf|csv}`.
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { todayInBerlin } from '~/lib/calendar'
import { MAX_ID } from '~/lib/ids'
import { DEPARTURE_CANCEL_REASONS } from '~/lib/office/cancellation'
import { departureListSearchSchema } from '~/lib/office/departure-lists'
import { log } from './log.server'
import { cancelDeparture } from './office/cancellation.server'
import type { DepartureCancellationResult } from './office/cancellation.server'
import { departureChoices, departureView, listDepartures, loadDeparture } from './office/departures.server'
import type { DepartureChoices, DepartureListPage, DepartureView } from './office/departures.server'
import { officeNotFound, requireStaff } from './office/staff.server'
import { getDb } from './runtime.server'
import { afterBooking } from './services/booking/confirmation.server'
import { siteInfo } from './site.server'

/** One page of the trip dates of the filter, from today on unless the filter says otherwise. */
export const fetchDepartures = createServerFn({ method: 'GET' })
  .validator(departureListSearchSchema)
  .handler(async ({ data }): Promise<DepartureListPage> => {
    await requireStaff()
    return listDepartures(await getDb(), data, todayInBerlin())
  })

/** The choices of the list's trip filter. */
export const fetchDepartureChoices = createServerFn({ method: 'GET' }).handler(async (): Promise<DepartureChoices> => {
  await requireStaff()
  return departureChoices(await getDb())
})

/** One trip date: its places, minimum, seat plan with names and its lists; a 404 when there is no such date. */
export const fetchDeparture = createServerFn({ method: 'GET' })
  .validator(z.object({ id: z.number().check(z.int(), z.gte(1), z.lte(MAX_ID)) }))
  .handler(async ({ data }): Promise<DepartureView> => {
    await requireStaff()
    const departure = await loadDeparture(await getDb(), data.id)
    if (!departure) throw officeNotFound()
    return departureView(departure, todayInBerlin())
  })

/** Calls the departure off (issue 26, item 5): every booking the office saw cancelled free of charge and its booking person mailed. */
export const cancelOfficeDeparture = createServerFn({ method: 'POST' })
  .validator(
    z.object({
      id: z.number().check(z.int(), z.gte(1), z.lte(MAX_ID)),
      reason: z.enum(DEPARTURE_CANCEL_REASONS),
      expectedBookings: z.int().check(z.nonnegative(), z.lte(10_000)),
    }),
  )
  .handler(async ({ data }): Promise<DepartureCancellationResult> => {
    const staff = await requireStaff()
    const result = await cancelDeparture(await getDb(), data.id, { reason: data.reason, expectedBookings: data.expectedBookings }, staff, { today: todayInBerlin(), site: siteInfo() })
    if (!result) throw officeNotFound()
    if (result.kind === 'cancelled') {
      log('info', 'departure cancelled by office', { reason: data.reason, bookings: result.bookings })
      if (result.mailed > 0) afterBooking()
    }
    return result
  })
