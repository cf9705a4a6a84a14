import { revalidateLogic } from '@tanstack/react-form'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { AccountPage, EmailText, noticeOnFailure, NoticeLine, UNSENT_INPUT_RESTORED } from '~/components/account/AccountPage'
import type { Notice } from '~/components/account/AccountPage'
import { BookingCards } from '~/components/account/BookingCards'
import { RequiredNote } from '~/components/forms/fields'
import { submitTo, useAppForm } from '~/components/forms/form-hook'
import { useUnsavedDraft } from '~/components/forms/use-unsaved-draft'
import { bookingLinkSchema } from '~/lib/account/bookings'
import { BOOKING_NUMBER_PATTERN, typedBookingNumber } from '~/lib/booking/booking-number'
import { pageHead } from '~/lib/head'
import { appFormProps } from '~/browser/pre-hydration-forms'
import { accountBookingsQuery } from '~/queries/account'
import { linkAccountBooking } from '~/server/account-bookings.functions'

export const Route = createFileRoute('/konto/buchungen/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(accountBookingsQuery()),
  head: ({ match }) => pageHead(match.context.site, { title: 'Meine Buchungen', robots: 'noindex' }),
  component: AccountBookings,
})

function AccountBookings() {
  const { customer } = Route.useRouteContext()
  const { data: rows } = useSuspenseQuery(accountBookingsQuery())
  return (
    <AccountPage title="Meine Buchungen">
      {rows.length ? (
        <BookingCards rows={rows} />
      ) : (
        <p>In Ihrem Konto ist noch keine Buchung. Buchungen mit Ihrer E-Mail-Adresse <EmailText email={customer.email} /> erscheinen hier von selbst.</p>
      )}
      <LinkBookingForm />
    </AccountPage>
  )
}

/** A booking made without the account (another e-mail address, a booking by phone or in a travel agency). */
function LinkBookingForm() {
  const router = useRouter()
  const queryClient = useQueryClient()
  const [notice, setNotice] = useState<Notice>(null)
  const form = useAppForm({
    defaultValues: { bookingNumber: '', lastname: '', departure: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: bookingLinkSchema },
    // A new try: the answer to the last one no longer stands beside the new hint.
    onSubmitInvalid: () => setNotice(null),
    onSubmit: noticeOnFailure(setNotice, async ({ value }) => {
      setNotice(null)
      const result = await linkAccountBooking({ data: value })
      if (result.kind === 'linked' || result.kind === 'already') {
        await queryClient.invalidateQueries({ queryKey: accountBookingsQuery().queryKey })
        forgetTyped()
        form.reset()
        setNotice({ tone: 'success', text: result.message })
        await router.invalidate()
        return
      }
      setNotice({ tone: 'error', text: result.message })
    }),
  })
  const forgetTyped = useUnsavedDraft('konto-buchung-hinzufuegen', form, { bookingNumber: '', lastname: '', departure: '' }, () => setNotice({ tone: 'info', text: UNSENT_INPUT_RESTORED }))
  return (
    <section aria-labelledby="buchung-hinzufuegen" className="section section--tight account-box">
      <h2 id="buchung-hinzufuegen">Eine Buchung hinzufügen</h2>
      <p>
        Sie haben mit einer anderen E-Mail-Adresse, telefonisch oder im Reisebüro gebucht? Mit den Angaben aus Ihrer Buchungsbestätigung nehmen Sie die
        Buchung in Ihr Konto.
      </p>
      <NoticeLine notice={notice} />
      <form noValidate {...appFormProps} aria-labelledby="buchung-hinzufuegen" onSubmit={submitTo(form)}>
        <RequiredNote />
        <form.AppForm>
          <form.AppField
            name="bookingNumber"
            listeners={{
              // Shown as the confirmation writes it once it is one (7k4p9xq2 → 7K4P-9XQ2).
              onBlur: ({ value }) => {
                const number = typedBookingNumber(value)
                if (number !== value && BOOKING_NUMBER_PATTERN.test(number)) form.setFieldValue('bookingNumber', number)
              },
            }}
          >
            {(field) => <field.TextField id="verknuepfen-nummer" label="Buchungsnummer" hint="Zum Beispiel 7K4P-9XQ2" maxLength={12} required />}
          </form.AppField>
          <form.AppField name="lastname">
            {(field) => <field.TextField id="verknuepfen-nachname" label="Nachname der buchenden Person" autoComplete="family-name" maxLength={80} required />}
          </form.AppField>
          <form.AppField name="departure">
            {(field) => <field.TextField id="verknuepfen-abreise" type="date" label="Abreisedatum" required />}
          </form.AppField>
          <form.SubmitButton variant="secondary">Buchung hinzufügen</form.SubmitButton>
        </form.AppForm>
      </form>
    </section>
  )
}
