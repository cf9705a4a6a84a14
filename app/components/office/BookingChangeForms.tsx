// The office's change forms for one booking (issue 25, item 4): a traveller's name, seat, boarding
// point and add-ons; the booking person's contact data; the add-ons of the whole booking; its date
// (issue 26, item 5). Each is
// a small form that is checked and priced by the server before it is saved (./BookingChange.tsx).
import { revalidateLogic } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { ServerFieldErrorsContext, submitTo, useAppForm } from '~/components/forms/form-hook'
import { formatDate, formatDateRange, formatPrice } from '~/lib/format'
import { phoneBookingChoicesQuery } from '~/queries/office'
import { travellerNameSchema } from '~/lib/office/booking-changes'
import type { BookingChange } from '~/lib/office/booking-changes'
import type { OfficeBooking, OfficeTraveller } from '~/server/office/booking-detail.server'
import { ChangeConfirmation, useBookingChange } from './BookingChange'

type FormProps = { booking: OfficeBooking; idPrefix: string }

function ChangeForm({ title, onSubmit, children, change }: { title: string; onSubmit: (e: { preventDefault: () => void }) => void; children: React.ReactNode; change: ReturnType<typeof useBookingChange> }) {
  const { outcome } = change
  // The server's message about one field (a wrong e-mail address) stands at that field too.
  const errors = outcome?.kind === 'refused' && outcome.field ? { [outcome.field]: outcome.message } : {}
  return (
    <form className="office-change" noValidate onSubmit={onSubmit} aria-label={title}>
      <h4>{title}</h4>
      <ServerFieldErrorsContext value={{ errors, drop: change.edited }}>{children}</ServerFieldErrorsContext>
      <ChangeConfirmation change={change} />
    </form>
  )
}

function useChangeForm<T extends Record<string, unknown>>(
  booking: OfficeBooking,
  defaults: T,
  toChange: (value: T) => BookingChange,
  /** What the form must hold before the server is asked, as the other office forms check it. */
  schema?: z.ZodMiniType<unknown, T>,
) {
  const change = useBookingChange(booking)
  const form = useAppForm({
    defaultValues: defaults,
    ...(schema ? { validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }), validators: { onDynamic: schema } } : {}),
    // A value typed after the check is not what was priced: the check is dropped, never saved.
    listeners: { onChange: () => change.cancel() },
    onSubmit: ({ value }) => change.check(toChange(value)),
  })
  return { change, form }
}

const rebookingSchema = z.object({ date: z.string().check(z.minLength(1, 'Bitte wählen Sie den neuen Termin.')) })

/**
 * A change of date (Umbuchung) onto another date of the trip open for booking, with its free
 * places; the check names the new seats, the fee and the new due days before anything is saved.
 */
export function RebookingForm({ booking, idPrefix }: FormProps) {
  const { data, isError } = useQuery(phoneBookingChoicesQuery(booking.trip.tripId))
  const { change, form } = useChangeForm(booking, { date: '' }, (v) => ({ kind: 'date', tripDateId: Number(v.date) }), rebookingSchema)
  const { rebooking } = booking
  if (rebooking.tooLate) return <p>{rebooking.tooLate}</p>
  const dates = (data?.dates ?? []).filter((d) => d.dateId !== booking.trip.tripDateId && d.free >= booking.travellers.length)
  const options = dates.map((d) => ({ value: String(d.dateId), label: `${formatDateRange(d.dateFrom, d.dateTill)} (${d.free} Plätze frei)` }))
  return (
    <ChangeForm title="Termin" onSubmit={submitTo(form)} change={change}>
      <p>
        Möglich bis {formatDate(rebooking.lastDay)}; Umbuchungsentgelt {formatPrice(rebooking.feePerPerson)} pro Person. Es gelten die Preise des
        neuen Termins.
      </p>
      {isError ? <p role="alert">Die Termine konnten nicht geladen werden. Bitte laden Sie die Seite neu.</p> : null}
      <form.AppForm>
        <form.AppField name="date">
          {(f) => (
            <f.SelectField
              id={`${idPrefix}-termin`}
              label="Neuer Termin"
              options={options}
              placeholder={data ? (options.length ? 'Bitte wählen' : 'Kein anderer Termin mit genug freien Plätzen') : 'Termine werden geladen …'}
              required
            />
          )}
        </form.AppField>
        <form.SubmitButton size="normal" variant="secondary">
          Umbuchung prüfen
        </form.SubmitButton>
      </form.AppForm>
    </ChangeForm>
  )
}

export function TravellerNameForm({ booking, traveller, idPrefix }: FormProps & { traveller: OfficeTraveller }) {
  const { change, form } = useChangeForm(
    booking,
    { firstname: traveller.firstname, lastname: traveller.lastname },
    (v) => ({ kind: 'traveller', traveller: traveller.index, firstname: v.firstname, lastname: v.lastname }),
    travellerNameSchema,
  )
  return (
    <ChangeForm title="Name (auch Ersatzreisender nach § 651e BGB)" onSubmit={submitTo(form)} change={change}>
      <form.AppForm>
        <form.AppField name="firstname">{(f) => <f.TextField id={`${idPrefix}-vorname`} label="Vorname" maxLength={60} required />}</form.AppField>
        <form.AppField name="lastname">{(f) => <f.TextField id={`${idPrefix}-nachname`} label="Nachname" maxLength={60} required />}</form.AppField>
        <form.SubmitButton size="normal" variant="secondary">
          Namensänderung prüfen
        </form.SubmitButton>
      </form.AppForm>
    </ChangeForm>
  )
}

export function SeatForm({ booking, traveller, idPrefix }: FormProps & { traveller: OfficeTraveller }) {
  const free = booking.choices.freeSeats ?? []
  const { change, form } = useChangeForm(booking, { seat: traveller.seat ?? '' }, (v) => ({ kind: 'seat', traveller: traveller.index, seat: v.seat }))
  const options = [...(traveller.seat ? [{ value: traveller.seat, label: `${traveller.seat} (bisher)` }] : []), ...free.map((seat) => ({ value: seat, label: `${seat} (frei)` }))]
  return (
    <ChangeForm title="Sitzplatz" onSubmit={submitTo(form)} change={change}>
      <form.AppForm>
        <form.AppField name="seat">{(f) => <f.SelectField id={`${idPrefix}-sitz`} label="Sitzplatz" options={options} />}</form.AppField>
        <form.SubmitButton size="normal" variant="secondary">
          Sitzwechsel prüfen
        </form.SubmitButton>
      </form.AppForm>
    </ChangeForm>
  )
}

const TRANSFER = 'transfer'

export function BoardingForm({ booking, traveller, idPrefix }: FormProps & { traveller: OfficeTraveller }) {
  const { choices } = booking
  const { change, form } = useChangeForm(
    booking,
    { boarding: traveller.transferZip ? TRANSFER : String(traveller.boardingPointId ?? ''), zip: traveller.transferZip ?? '' },
    (v): BookingChange => ({
      kind: 'boarding',
      traveller: traveller.index,
      boarding: v.boarding === TRANSFER ? { kind: 'transfer', zip: v.zip.trim() } : { kind: 'point', boardingPointId: Number(v.boarding) },
    }),
  )
  const options = [
    ...choices.boardingPoints.map((p) => ({ value: String(p.id), label: p.label })),
    ...(choices.transfer ? [{ value: TRANSFER, label: 'Haustürtransfer' }] : []),
  ]
  return (
    <ChangeForm title="Zustieg" onSubmit={submitTo(form)} change={change}>
      <form.AppForm>
        <form.AppField name="boarding">{(f) => <f.SelectField id={`${idPrefix}-zustieg`} label="Zustiegsstelle" options={options} placeholder="Bitte wählen" />}</form.AppField>
        {choices.transfer ? (
          <form.AppField name="zip">
            {(f) => <f.TextField id={`${idPrefix}-transfer-plz`} label="PLZ für den Haustürtransfer" hint="Nur beim Haustürtransfer" inputMode="numeric" maxLength={5} />}
          </form.AppField>
        ) : null}
        <form.SubmitButton size="normal" variant="secondary">
          Zustieg prüfen
        </form.SubmitButton>
      </form.AppForm>
    </ChangeForm>
  )
}

/** Add-ons as boxes: of one traveller, or (traveller undefined) of the whole booking. */
export function ServicesForm({ booking, traveller, idPrefix }: FormProps & { traveller?: OfficeTraveller }) {
  const offered = traveller ? booking.choices.personServices : booking.choices.bookingServices
  const chosen = new Set(traveller ? traveller.serviceIds : booking.choices.chosenBookingServices)
  const { change, form } = useChangeForm(booking, Object.fromEntries(offered.map((s) => [`s${s.id}`, chosen.has(s.id)])), (v) => ({
    kind: 'services',
    traveller: traveller ? traveller.index : null,
    services: offered.filter((s) => v[`s${s.id}`] === true).map((s) => s.id),
  }))
  if (offered.length === 0) return null
  return (
    <ChangeForm title={traveller ? 'Zusatzleistungen' : 'Zusatzleistungen der Buchung'} onSubmit={submitTo(form)} change={change}>
      <form.AppForm>
        {offered.map((s) => (
          <form.AppField key={s.id} name={`s${s.id}`}>
            {(f) => <f.CheckboxField id={`${idPrefix}-leistung-${s.id}`} label={`${s.name} (${formatPrice(s.price)})`} />}
          </form.AppField>
        ))}
        <form.SubmitButton size="normal" variant="secondary">
          Zusatzleistungen prüfen
        </form.SubmitButton>
      </form.AppForm>
    </ChangeForm>
  )
}

export function ContactForm({ booking, idPrefix }: FormProps) {
  const { contact } = booking
  const { change, form } = useChangeForm(
    booking,
    { street: contact.street, street_nr: contact.street_nr, zip: contact.zip, city: contact.city, email: contact.email, tel: contact.tel },
    (v) => ({ kind: 'contact', ...v }),
  )
  return (
    <ChangeForm title="Kontaktdaten der buchenden Person" onSubmit={submitTo(form)} change={change}>
      <form.AppForm>
        <div className="office-change__row">
          <form.AppField name="street">{(f) => <f.TextField id={`${idPrefix}-strasse`} label="Straße" maxLength={100} required />}</form.AppField>
          <form.AppField name="street_nr">{(f) => <f.TextField id={`${idPrefix}-hausnummer`} label="Hausnummer" maxLength={10} required />}</form.AppField>
        </div>
        <div className="office-change__row">
          <form.AppField name="zip">{(f) => <f.TextField id={`${idPrefix}-plz`} label="PLZ" inputMode="numeric" maxLength={5} required />}</form.AppField>
          <form.AppField name="city">{(f) => <f.TextField id={`${idPrefix}-ort`} label="Ort" maxLength={60} required />}</form.AppField>
        </div>
        <form.AppField name="email">{(f) => <f.TextField id={`${idPrefix}-email`} type="email" label="E-Mail-Adresse" maxLength={254} required={booking.channel !== 'phone'} />}</form.AppField>
        <form.AppField name="tel">{(f) => <f.TextField id={`${idPrefix}-telefon`} type="tel" label="Telefon" maxLength={30} required />}</form.AppField>
        <form.SubmitButton size="normal" variant="secondary">
          Kontaktdaten prüfen
        </form.SubmitButton>
      </form.AppForm>
    </ChangeForm>
  )
}
