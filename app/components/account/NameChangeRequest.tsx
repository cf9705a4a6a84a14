// "Namensänderung beantragen" in Mein Konto (DESIGN 13): a fellow traveller's new name goes to the
// office, which changes the booking (a replacement traveller may cost what the trip's terms say).
import { revalidateLogic } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import * as z from 'zod/mini'
import { RequiredNote } from '~/components/forms/fields'
import { submitTo, useAppForm } from '~/components/forms/form-hook'
import { useUnsavedDraft } from '~/components/forms/use-unsaved-draft'
import { nameChangeRequestSchema } from '~/lib/account/bookings'
import { appFormProps } from '~/browser/pre-hydration-forms'
import { requestNameChange } from '~/server/account-bookings.functions'
import { noticeOnFailure, NoticeLine, UNSENT_INPUT_RESTORED } from './AccountPage'
import type { Notice } from './AccountPage'

// The form holds the chosen person as the select's text; the request names their place.
const formSchema = z.extend(z.omit(nameChangeRequestSchema, { traveller: true, bookingNumber: true }), {
  traveller: z.string().check(z.regex(/^\d+$/, 'Bitte wählen Sie die Person, deren Name sich ändert.')),
})

export function NameChangeRequest({ bookingNumber, travellers }: { bookingNumber: string; travellers: readonly string[] }) {
  const queryClient = useQueryClient()
  const [notice, setNotice] = useState<Notice>(null)
  const form = useAppForm({
    defaultValues: { traveller: '', firstname: '', lastname: '', note: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: formSchema },
    onSubmit: noticeOnFailure(setNotice, async ({ value }) => {
      setNotice(null)
      const result = await requestNameChange({ data: { ...value, bookingNumber, traveller: Number(value.traveller) } })
      setNotice({ tone: result.kind === 'sent' ? 'success' : 'error', text: result.message })
      if (result.kind === 'sent') {
        forgetTyped()
        form.reset()
      }
      await queryClient.invalidateQueries({ queryKey: ['account', 'booking', bookingNumber] })
    }),
  })
  const forgetTyped = useUnsavedDraft(
    `konto-namensaenderung-${bookingNumber}`,
    form,
    { traveller: '', firstname: '', lastname: '', note: '' },
    () => setNotice({ tone: 'info', text: UNSENT_INPUT_RESTORED }),
  )
  return (
    <section aria-labelledby="namensaenderung-titel" className="section section--tight account-box">
      <h2 id="namensaenderung-titel">Namensänderung beantragen</h2>
      <p>Reist jemand anderes mit, oder ist ein Name falsch geschrieben? Wir ändern die Buchung und schicken Ihnen die geänderte Bestätigung.</p>
      <NoticeLine notice={notice} />
      <form noValidate {...appFormProps} aria-labelledby="namensaenderung-titel" onSubmit={submitTo(form)}>
        <RequiredNote />
        <form.AppForm>
          <form.AppField name="traveller">
            {(field) => (
              <field.SelectField
                id="namensaenderung-person"
                label="Person"
                placeholder="Bitte wählen"
                options={travellers.map((name, i) => ({ value: String(i), label: name }))}
                required
              />
            )}
          </form.AppField>
          <div className="form-row">
            <form.AppField name="firstname">{(field) => <field.TextField id="namensaenderung-vorname" label="Neuer Vorname" maxLength={60} required />}</form.AppField>
            <form.AppField name="lastname">{(field) => <field.TextField id="namensaenderung-nachname" label="Neuer Nachname" maxLength={60} required />}</form.AppField>
          </div>
          <form.AppField name="note">
            {(field) => <field.TextAreaField id="namensaenderung-nachricht" label="Nachricht an uns (freiwillig)" maxLength={500} />}
          </form.AppField>
          <form.SubmitButton variant="secondary">Anfrage senden</form.SubmitButton>
        </form.AppForm>
      </form>
    </section>
  )
}
