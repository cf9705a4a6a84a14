import type { SeatRefusal } from './BookingForm'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@tanstack/react-form'
import { useState } from 'react'
import { withForm } from '~/components/forms/form-hook'
import { MAX_TRAVELLERS, ROOM_LABELS, ROOM_OCCUPANCY } from '~/lib/booking/offer'
import type { BookingOffer, RoomType } from '~/lib/booking/offer'
import { roomCounts, roomsFor, travellerCount, travellers } from '~/lib/booking/draft'
import type { BoardingChoice, BookingDraft } from '~/lib/booking/draft'
import type { SeatState } from '~/lib/booking/seat-plan'
import { travellerLabel } from '~/lib/booking/steps'
import { formatPrice, countOf } from '~/lib/format'
import { findTransferZone, zipSchema } from '~/lib/transfer-zones'
import { formatDepartureTime } from '~/lib/trip-detail'
import { Field, FieldError } from '~/components/ui/Field'
import { SeatPlan } from './SeatPlan'
import { bookingFormOptions } from './BookingForm'
import { fieldId } from './useBookingStep'

const TRANSFER = 'transfer'

function roomCountLabel(type: RoomType): string {
  return type === 'OHNE' ? 'Anzahl Reisende' : `Anzahl ${ROOM_LABELS[type]} (für ${countOf(ROOM_OCCUPANCY[type], 'Person', 'Personen')})`
}

function boardingValue(choice: BoardingChoice | null): string {
  if (!choice) return ''
  return choice.kind === 'transfer' ? TRANSFER : String(choice.boardingPointId)
}

/**
 * Step 1: rooms (at most nine travellers online), one seat per traveller on the seat plan (held on
 * the server the moment it is picked), and a boarding point or Haustürtransfer per traveller.
 */
export const RoomsStep = withForm({
  ...bookingFormOptions,
  props: {
    offer: {} as BookingOffer,
    seatStates: {} as Record<string, SeatState>,
    /** Seats the last save could not hold, and why (shown at the seat plan). */
    seatRefusal: null as SeatRefusal | null,
    /** Saves the change right after it is shown (a picked seat is held on the server at once). */
    saveSoon: (): unknown => undefined,
    /** A save is under way. */
    busy: false,
    issueOf: (_path: string): string | undefined => undefined,
  },
  render: function RoomsStep({ form, offer, seatStates, seatRefusal, saveSoon, busy, issueOf }) {
    const [active, setActive] = useState(0)
    const values: BookingDraft = useSelector(form.store, (state) => state.values)
    const counts = roomCounts(values.allRooms)
    const all = travellers(values)
    const total = travellerCount(values.allRooms)
    const setCount = (type: RoomType, n: number) => {
      form.setFieldValue('allRooms', roomsFor(form.state.values.allRooms, { ...counts, [type]: n }))
      setActive(0)
      saveSoon()
    }
    const setSeat = (index: number, seat: string | null) => {
      const target = all[index]
      if (!target) return
      // A seat already given to another traveller of this booking moves to this one.
      for (const other of all) {
        if (other.index !== index && seat !== null && other.p.seat === seat) {
          form.setFieldValue(`allRooms[${other.roomIndex}].teilnehmer[${other.participantIndex}].seat`, null)
        }
      }
      form.setFieldValue(`allRooms[${target.roomIndex}].teilnehmer[${target.participantIndex}].seat`, seat)
    }
    const setBoarding = (index: number, choice: BoardingChoice | null) => {
      const target = all[index]
      if (target) form.setFieldValue(`allRooms[${target.roomIndex}].teilnehmer[${target.participantIndex}].boarding`, choice)
    }
    return (
      <>
        <fieldset className="fieldset field" id={fieldId('allRooms')}>
          <legend>{offer.roomTypes.includes('OHNE') ? 'Wie viele Personen reisen?' : 'Zimmer'}</legend>
          <div className="form-row">
            {offer.roomTypes.map((type) => {
              const id = `zimmer-${type}`
              const othersTravellers = total - (counts[type] ?? 0) * ROOM_OCCUPANCY[type]
              const max = Math.floor((MAX_TRAVELLERS - othersTravellers) / ROOM_OCCUPANCY[type])
              return (
                <Field
                  key={type}
                  id={id}
                  label={roomCountLabel(type)}
                  hint={
                    type === 'EZ' && offer.singleRoomSurcharge > 0
                      ? `Zuschlag ${formatPrice(offer.singleRoomSurcharge)} pro Person`
                      : undefined
                  }
                >
                  <select
                    id={id}
                    value={counts[type] ?? 0}
                    onChange={(e) => setCount(type, Number(e.target.value))}
                    aria-describedby={type === 'EZ' && offer.singleRoomSurcharge > 0 ? `${id}-hint` : undefined}
                  >
                    {Array.from({ length: Math.max(0, max) + 1 }, (_, n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </Field>
              )
            })}
          </div>
          <p className="field__hint">
            Online buchen Sie für bis zu {MAX_TRAVELLERS} Personen. Für größere Gruppen stellen Sie bitte eine{' '}
            <Link to="/forms/$form/" params={{ form: 'gruppenanfrage' }}>
              Gruppenanfrage
            </Link>
            .
          </p>
          <FieldError id={fieldId('allRooms')} message={issueOf('allRooms')} />
        </fieldset>

        {offer.seatPlan && all.length ? (
          <SeatPlan
            layout={offer.seatPlan}
            states={seatStates}
            refusal={seatRefusal}
            travellers={all.map(({ p, index }) => ({ name: travellerLabel(p, index), seat: p.seat }))}
            activeTraveller={Math.min(active, all.length - 1)}
            onActiveTravellerChange={setActive}
            onPick={(seat) => {
              setSeat(Math.min(active, all.length - 1), seat)
              saveSoon()
            }}
            onAutoPick={(seats) => {
              all.forEach((t, i) => form.setFieldValue(`allRooms[${t.roomIndex}].teilnehmer[${t.participantIndex}].seat`, seats[i] ?? null))
              saveSoon()
            }}
            busy={busy}
          />
        ) : null}
        {offer.seatPlan
          ? all.map(({ roomIndex, participantIndex, index }) => {
              const message = issueOf(`allRooms.${roomIndex}.teilnehmer.${participantIndex}.seat`)
              return message ? (
                <p
                  key={index}
                  id={fieldId(`allRooms.${roomIndex}.teilnehmer.${participantIndex}.seat`)}
                  className="field-error"
                  tabIndex={-1}
                >
                  {message}
                </p>
              ) : null
            })
          : null}

        {offer.boardingPoints.length ? (
          <section className="stack" aria-labelledby="zustieg-titel">
            <h3 id="zustieg-titel">Zustieg</h3>
            {all.map(({ p, roomIndex, participantIndex, index }) => {
              const path = `allRooms.${roomIndex}.teilnehmer.${participantIndex}.boarding`
              const id = fieldId(path)
              const error = issueOf(path)
              const zip = p.boarding?.kind === 'transfer' ? p.boarding.zip : ''
              const zone = zipSchema.safeParse(zip).success ? findTransferZone(offer.transferZones, zip.trim()) : null
              // An unknown postcode says so at once, not only after "Weiter".
              const outside = zipSchema.safeParse(zip).success && zone === null
              return (
                <div key={index} className="booking-boarding">
                  <Field id={id} label={`Zustieg für ${travellerLabel(p, index)}`} required error={error}>
                    <select
                      id={id}
                      value={boardingValue(p.boarding)}
                      aria-required
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      onChange={(e) => {
                        const v = e.target.value
                        setBoarding(
                          index,
                          v === '' ? null : v === TRANSFER ? { kind: 'transfer', zip: '' } : { kind: 'point', boardingPointId: Number(v) },
                        )
                      }}
                    >
                      <option value="">Bitte wählen</option>
                      {offer.boardingPoints.map((b) => (
                        <option key={b.id} value={b.id}>
                          {b.name} – Abfahrt {formatDepartureTime(b.departureTime)}
                          {b.surcharge > 0 ? ` (Zuschlag ${formatPrice(b.surcharge)})` : ''}
                        </option>
                      ))}
                      {offer.transferZones.length ? <option value={TRANSFER}>Haustürtransfer – wir holen Sie zu Hause ab</option> : null}
                    </select>
                  </Field>
                  {p.boarding?.kind === 'transfer' ? (
                    <Field
                      id={`${id}-plz`}
                      label="Postleitzahl für die Abholung"
                      required
                      hint={zone ? `${zone.zone.name}: ${formatPrice(zone.zone.price)} pro Person` : 'Fünfstellig, zum Beispiel 33602.'}
                      error={
                        outside
                          ? `Für die Postleitzahl ${zip.trim()} bieten wir leider keinen Haustürtransfer an. Bitte wählen Sie eine Zustiegsstelle.`
                          : undefined
                      }
                    >
                      <input
                        id={`${id}-plz`}
                        inputMode="numeric"
                        autoComplete="postal-code"
                        maxLength={5}
                        value={zip}
                        aria-required
                        aria-invalid={outside ? true : undefined}
                        aria-describedby={outside ? `${id}-plz-hint ${id}-plz-error` : `${id}-plz-hint`}
                        onChange={(e) => setBoarding(index, { kind: 'transfer', zip: e.target.value })}
                      />
                    </Field>
                  ) : null}
                </div>
              )
            })}
          </section>
        ) : null}
      </>
    )
  },
})
