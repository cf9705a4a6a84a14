// The /forms/{form} boundary: which form (and, for a Reiseanfrage, which trip) a page shows, and
// the submission, which the server validates again with the form's own schema.
import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { formKeySchema } from '~/lib/forms'
import type { FormSubmissionInput } from '~/lib/forms'
import { tripIdSchema } from '~/lib/wishlist'
import { publicOrigin } from './origin.server'
import { getDb } from './runtime.server'
import { loadTripRequestContext, submitForm } from './services/form-submissions.server'
import { answerSubmission, requestClientKey } from './services/forms-runtime.server'
import type { FormAnswer } from './services/forms-runtime.server'
import { siteInfo } from './site.server'

// A trip date id is the same kind of PostgreSQL integer as a trip id, so both read alike.

/** The trip a Reiseanfrage is about; unknown form, trip or date → 404. */
export const fetchFormContext = createServerFn({ method: 'GET' })
  .validator(z.object({ form: z.string().check(z.maxLength(100)), tripId: z.optional(tripIdSchema), dateId: z.optional(tripIdSchema) }))
  .handler(async ({ data }) => {
    const form = formKeySchema.safeParse(data.form)
    if (!form.success) throw notFound()
    if (form.data !== 'reiseanfrage' || data.tripId === undefined) return { form: form.data, trip: null }
    const trip = await loadTripRequestContext(await getDb(), data.tripId, data.dateId)
    if (!trip) throw notFound()
    return { form: form.data, trip }
  })

/**
 * Stores a submission with its mails and answers the confirmation. The input is checked by
 * submitForm (with German messages and a 400) rather than by a validator, whose failure would be
 * a 500. The answer says nothing of a honeypot or a duplicate: both look like a success.
 */
export const sendForm = createServerFn({ method: 'POST' })
  .validator((data: FormSubmissionInput) => data)
  .handler(async ({ data }): Promise<FormAnswer> => {
    const result = await submitForm(await getDb(), data, { clientKey: await requestClientKey(), site: siteInfo(), origin: publicOrigin() })
    return answerSubmission(result)
  })
