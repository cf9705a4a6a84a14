import { useSelector } from '@tanstack/react-form'
import { withForm } from '~/components/forms/form-hook'
import type { TextFieldProps } from '~/components/forms/form-hook'
import { MOBILITY_AIDS, MOBILITY_LABELS, travellers } from '~/lib/booking/draft'
import type { BookingDraft } from '~/lib/booking/draft'
import { ROOM_LABELS } from '~/lib/booking/offer'
import type { BookingOffer, ServiceOffer } from '~/lib/booking/offer'
import { setBuchender } from '~/lib/booking/rules'
import { travellerLabel } from '~/lib/booking/steps'
import { formatPrice } from '~/lib/format'
import { bookingFormOptions } from './BookingForm'
import { fieldId } from './useBookingStep'

type PersonField = 'firstname' | 'lastname' | 'street' | 'street_nr' | 'zip' | 'city' | 'email' | 'tel'
type PersonFieldSpec = { field: PersonField } & Omit<TextFieldProps, 'id' | 'required'>

const NAME_ROW: PersonFieldSpec[] = [
  { field: 'firstname', label: 'Vorname', maxLength: 60, autoComplete: 'given-name' },
  { field: 'lastname', label: 'Nachname', maxLength: 60, autoComplete: 'family-name' },
]

/** What only the booking person gives (DESIGN 6: fellow travellers give their names only). */
const BOOKER_ROWS: PersonFieldSpec[][] = [
  [
    { field: 'street', label: 'Straße', maxLength: 100, autoComplete: 'address-line1' },
    { field: 'street_nr', label: 'Hausnummer', maxLength: 10, className: 'field--short' },
  ],
  [
    { field: 'zip', label: 'Postleitzahl', maxLength: 5, inputMode: 'numeric', autoComplete: 'postal-code', className: 'field--short' },
    { field: 'city', label: 'Ort', maxLength: 60, autoComplete: 'address-level2' },
  ],
  [
    {
      field: 'email',
      label: 'E-Mail-Adresse',
      hint: 'An diese Adresse senden wir die Buchungsbestätigung.',
      type: 'email',
      inputMode: 'email',
      maxLength: 254,
      autoComplete: 'email',
    },
    {
      field: 'tel',
      label: 'Telefon',
      hint: 'Für Rückfragen zur Reise, zum Beispiel bei Änderungen der Abfahrtszeit.',
      type: 'tel',
      inputMode: 'tel',
      maxLength: 30,
      autoComplete: 'tel',
    },
  ],
]

/** A caller on the phone may have no e-mail address: the office then prints the confirmation. */
const PHONE_EMAIL_FIELD = {
  label: 'E-Mail-Adresse (freiwillig)',
  hint: 'Ohne E-Mail-Adresse drucken Sie die Buchungsbestätigung nach der Buchung aus und senden sie per Post.',
}

const MOBILITY_OPTIONS = MOBILITY_AIDS.map((value) => ({
  value,
  label: value === 'keine' ? 'keine Mobilitätshilfe' : MOBILITY_LABELS[value],
}))

function serviceLabel(s: ServiceOffer): string {
  return `${s.name} (${formatPrice(s.price)}${s.per === 'person' ? ' pro Person' : ''})`
}

/** Toggles one add-on in a list of { id } (the draft keeps ids; the server knows the prices). */
function toggled(list: readonly { id: number }[], id: number, on: boolean): { id: number }[] {
  const without = list.filter((s) => s.id !== id)
  return on ? [...without, { id }] : without
}

/**
 * Step 2: travellers per room. Exactly one booking person, who gives address, e-mail and phone;
 * fellow travellers give their names only (data minimisation), plus an optional mobility aid.
 * Add-ons per traveller or per booking, as the offer says.
 */
export const TravellersStep = withForm({
  ...bookingFormOptions,
  props: { offer: {} as BookingOffer, issueOf: (_path: string): string | undefined => undefined, phone: false },
  render: function TravellersStep({ form, offer, issueOf, phone }) {
    const perPerson = offer.services.filter((s) => s.per === 'person')
    const perBooking = offer.services.filter((s) => s.per === 'booking')
    const values: BookingDraft = useSelector(form.store, (state) => state.values)
    const all = travellers(values)
    const bookerError = issueOf('buchender')
    return (
      <>
        <fieldset
          className="fieldset field"
          id={fieldId('buchender')}
          aria-describedby={bookerError ? `${fieldId('buchender')}-error` : undefined}
        >
          <legend>Wer bucht die Reise?</legend>
          <p className="field__hint">
            Die buchende Person erhält die Bestätigung und ist unsere Ansprechpartnerin oder unser Ansprechpartner.
          </p>
          {all.map(({ p, roomIndex, participantIndex, index }) => (
            <label key={index} className="choice" htmlFor={`buchender-${index}`}>
              <input
                id={`buchender-${index}`}
                type="radio"
                name="buchender"
                checked={p.buchender}
                onChange={() => form.setFieldValue('allRooms', setBuchender(form.state.values, roomIndex, participantIndex).allRooms)}
              />
              <span>{travellerLabel(p, index)}</span>
            </label>
          ))}
          {bookerError ? (
            <p id={`${fieldId('buchender')}-error`} className="field-error">
              {bookerError}
            </p>
          ) : null}
        </fieldset>

        {/* Rooms and their travellers are array fields; their number is chosen in step 1. */}
        <form.AppField name="allRooms" mode="array">
          {(roomList) =>
            roomList.state.value.map((room, r) => (
              <fieldset key={r} className="fieldset booking-room">
                <legend>
                  {room.type === 'OHNE'
                    ? 'Reisende'
                    : `${ROOM_LABELS[room.type]} ${values.allRooms.slice(0, r + 1).filter((x) => x.type === room.type).length}`}
                </legend>
                <form.AppField name={`allRooms[${r}].teilnehmer`} mode="array">
                  {(travellerList) =>
                    travellerList.state.value.map((p, t) => {
                      const index = all.findIndex((x) => x.roomIndex === r && x.participantIndex === t)
                      const path = (field: string) => `allRooms.${r}.teilnehmer.${t}.${field}`
                      const name = (
                        field: 'firstname' | 'lastname' | 'street' | 'street_nr' | 'zip' | 'city' | 'email' | 'tel' | 'mobility',
                      ) => `allRooms[${r}].teilnehmer[${t}].${field}` as const
                      return (
                        <fieldset key={t} className="fieldset--plain booking-traveller">
                          <legend className="booking-traveller__title">
                            Person {index + 1}
                            {p.buchender ? ' (bucht die Reise)' : ''}
                          </legend>
                          {(p.buchender ? [NAME_ROW, ...BOOKER_ROWS] : [NAME_ROW]).map((row) => (
                            <div key={row[0]?.field} className="form-row">
                              {row.map(({ field, ...props }) => (
                                <form.AppField key={field} name={name(field)}>
                                  {(f) => (
                                    <f.TextField
                                      id={fieldId(path(field))}
                                      required={!(field === 'email' && phone)}
                                      {...props}
                                      {...(field === 'email' && phone ? PHONE_EMAIL_FIELD : {})}
                                      // Only the booking person's fields are the browser's own data to fill in.
                                      autoComplete={p.buchender ? props.autoComplete : 'off'}
                                    />
                                  )}
                                </form.AppField>
                              ))}
                            </div>
                          ))}
                          <form.AppField name={name('mobility')}>
                            {(f) => (
                              <f.SelectField
                                id={fieldId(path('mobility'))}
                                label="Reist mit Mobilitätshilfe (freiwillig)"
                                hint="So planen wir Platz im Gepäckraum und beim Einstieg ein."
                                options={MOBILITY_OPTIONS}
                              />
                            )}
                          </form.AppField>
                          <ServiceChoices
                            idPrefix={fieldId(path('services'))}
                            legend={`Zusatzleistungen für Person ${index + 1}`}
                            plain
                            services={perPerson}
                            chosen={p.services}
                            onChange={(next) => form.setFieldValue(`allRooms[${r}].teilnehmer[${t}].services`, next)}
                          />
                        </fieldset>
                      )
                    })
                  }
                </form.AppField>
              </fieldset>
            ))
          }
        </form.AppField>

        <ServiceChoices
          idPrefix={fieldId('bookingServices')}
          legend="Zusatzleistungen für die ganze Buchung"
          services={perBooking}
          chosen={values.bookingServices}
          onChange={(next) => form.setFieldValue('bookingServices', next)}
        />
      </>
    )
  },
})

/** Add-ons to tick, per traveller or per booking; nothing is ticked for the customer. */
function ServiceChoices({
  idPrefix,
  legend,
  plain = false,
  services,
  chosen,
  onChange,
}: {
  idPrefix: string
  legend: string
  plain?: boolean
  services: readonly ServiceOffer[]
  chosen: readonly { id: number }[]
  onChange: (next: { id: number }[]) => void
}) {
  if (services.length === 0) return null
  return (
    <fieldset className={plain ? 'fieldset--plain field' : 'fieldset field'} id={idPrefix}>
      <legend>{legend}</legend>
      {services.map((s) => {
        const id = `${idPrefix}-${s.id}`
        return (
          <label key={s.id} className="choice" htmlFor={id}>
            <input
              id={id}
              type="checkbox"
              checked={chosen.some((x) => x.id === s.id)}
              onChange={(e) => onChange(toggled(chosen, s.id, e.target.checked))}
            />
            <span>
              {serviceLabel(s)}
              {s.description ? <span className="choice__hint">{s.description}</span> : null}
            </span>
          </label>
        )
      })}
    </fieldset>
  )
}
