// The /forms/{form} boundary: which form (and, for a Reiseanfrage, which trip) a page shows, and
// the submission, which the server validates again with the form's own schema.
import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { formKeySchema, formSubmissionInputSchema } from '~/lib/forms'
import { tripIdSchema } from '~/lib/wishlist'
import { getDb } from './runtime.server'
import { loadTripRequestContext, submitForm } from './services/form-submissions.server'

// A trip date id is the same kind of PostgreSQL integer as a trip id, so both read alike.

/** The trip a Reiseanfrage is about; unknown form, trip or date → 404. */
export const fetchFormContext = createServerFn({ method: 'GET' })
  .validator(z.object({ form: z.string().max(100), reise: tripIdSchema.optional(), termin: tripIdSchema.optional() }))
  .handler(async ({ data }) => {
    const form = formKeySchema.safeParse(data.form)
    if (!form.success) throw notFound()
    if (form.data !== 'reiseanfrage' || data.reise === undefined) return { form: form.data, trip: null }
    const trip = await loadTripRequestContext(await getDb(), data.reise, data.termin)
    if (!trip) throw notFound()
    return { form: form.data, trip }
  })

/** Stores a submission (sending it by mail is the mail issue's job) and answers the confirmation. */
export const sendForm = createServerFn({ method: 'POST' })
  .validator(formSubmissionInputSchema)
  .handler(async ({ data }) => submitForm(await getDb(), data))
