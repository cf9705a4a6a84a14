// The booking flow's steps and their URLs: /buchung/{terminId}/step1/ … /step4/ and which step a
// route is. Kept apart from the step rules (./steps.ts), which only the booking pages load.
import * as z from 'zod/mini'

export const BOOKING_STEPS = [1, 2, 3, 4] as const
export type BookingStep = (typeof BOOKING_STEPS)[number]

/** The step of a booking route id such as '/buchung/$terminId/step2/'; null for other routes. */
export function bookingStepOf(routeId: string): BookingStep | null {
  const match = /\/step([1-4])\/$/.exec(routeId)
  const step = match ? Number(match[1]) : NaN
  return BOOKING_STEPS.find((s) => s === step) ?? null
}

export const STEP_ROUTES = {
  1: '/buchung/$terminId/step1/',
  2: '/buchung/$terminId/step2/',
  3: '/buchung/$terminId/step3/',
  4: '/buchung/$terminId/step4/',
} as const satisfies Record<BookingStep, string>

/** `?hinweis=unvollstaendig`: the step guard sent the customer here from a later step. */
export const bookingStepSearchSchema = z.lazy(() => z.object({ hinweis: z.catch(z.optional(z.enum(['unvollstaendig'])), undefined) }))
