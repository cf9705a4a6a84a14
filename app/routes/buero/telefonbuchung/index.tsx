import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { formatDateRange } from '~/lib/format'
import { pageHead } from '~/lib/head'
import { PHONE_BOOKING_PARAM } from '~/lib/office/phone-booking'
import { phoneBookingChoicesQuery } from '~/queries/office'
import { tripChoiceLabels } from '~/lib/office/trip-choices'

/**
 * A booking for a caller (issue 25, item 5): the clerk picks the trip and the date, then books
 * through the same four steps as a customer, marked as a phone booking.
 */
export const Route = createFileRoute('/buero/telefonbuchung/')({
  validateSearch: z.object({ reise: z.optional(z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined)) }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(phoneBookingChoicesQuery(deps.reise)),
  head: ({ match }) => pageHead(match.context.site, { title: 'Telefonbuchung · Büro', robots: 'noindex' }),
  component: PhoneBooking,
})

function PhoneBooking() {
  const { reise } = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const { data } = useSuspenseQuery(phoneBookingChoicesQuery(reise))
  const tripLabels = tripChoiceLabels(data.trips)
  return (
    <section aria-labelledby="telefon-titel">
      <h1 id="telefon-titel" className="page-title">
        Telefonbuchung
      </h1>
      <p>
        Wählen Sie die Reise und den Termin des Anrufers. Sie buchen dann in denselben vier Schritten wie ein Kunde; die Buchung wird
        als Telefonbuchung mit Ihrem Namen gespeichert, und die Zustimmung zu den Reisebedingungen gilt als am Telefon gegeben.
      </p>
      <div className="field">
        <label htmlFor="telefon-reise">Reise</label>
        <select
          id="telefon-reise"
          value={reise ?? ''}
          onChange={(e) => void navigate({ search: { reise: e.target.value ? Number(e.target.value) : undefined } })}
        >
          <option value="">Bitte wählen</option>
          {data.trips.map((t) => (
            <option key={t.id} value={t.id}>
              {tripLabels.get(t.id)}
            </option>
          ))}
        </select>
      </div>
      {reise !== undefined ? (
        data.dates.length === 0 ? (
          <p>Für diese Reise gibt es keinen buchbaren Termin.</p>
        ) : (
          <ul className="office-booking__list" aria-label="Termine">
            {data.dates.map((d) => (
              <li key={d.dateId}>
                {formatDateRange(d.dateFrom, d.dateTill)}: {d.free === 1 ? '1 Platz frei' : `${d.free} Plätze frei`}
                {d.free > 0 ? (
                  <>
                    {' · '}
                    <a href={`/buchung/${d.dateId}/step1/?${PHONE_BOOKING_PARAM}=1`}>Für den Anrufer buchen ({formatDateRange(d.dateFrom, d.dateTill)})</a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  )
}
