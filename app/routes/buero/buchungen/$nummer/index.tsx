import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import * as z from 'zod/mini'
import { submitTo, useAppForm } from '~/components/forms/form-hook'
import { BoardingForm, ContactForm, RebookingForm, SeatForm, ServicesForm, TravellerNameForm } from '~/components/office/BookingChangeForms'
import { CancellationSection } from '~/components/office/CancellationSection'
import { LedgerSection } from '~/components/office/LedgerSection'
import { Button } from '~/components/ui/Button'
import { focusOnArrival } from '~/components/ui/focus-on-arrival'
import { formatDateRange, formatDateTime, formatPrice } from '~/lib/format'
import { pageHead } from '~/lib/head'
import { BOOKING_CHANNEL_LABELS, BOOKING_STATUS_LABELS } from '~/lib/office/booking-list'
import { officeBookingQuery } from '~/queries/office'
import { addOfficeNote, resendOfficeConfirmation } from '~/server/office-bookings.functions'
import type { OfficeBooking } from '~/server/office/booking-detail.server'

/** One booking in the office (issue 25, item 4): everything about it, its changes and its timeline. */
export const Route = createFileRoute('/buero/buchungen/$nummer/')({
  // `?neu=1`: the clerk comes from the phone booking just made.
  validateSearch: z.object({ neu: z.optional(z.catch(z.optional(z.literal(1)), undefined)) }),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(officeBookingQuery(params.nummer.toUpperCase())),
  head: ({ params, match }) => pageHead(match.context.site, { title: `Buchung ${params.nummer.toUpperCase()} · Büro`, robots: 'noindex' }),
  component: BookingPage,
})

const MAIL_STATUS = { pending: 'wartet auf Versand', sent: 'gesendet', failed: 'nicht zustellbar' } as Record<string, string>

function channelText(b: OfficeBooking): string {
  if (b.agency) return `${BOOKING_CHANNEL_LABELS.agency}: ${b.agency.name}`
  if (b.channel === 'phone') return `${BOOKING_CHANNEL_LABELS.phone}${b.bookedByStaff ? `, aufgenommen von ${b.bookedByStaff}` : ''}`
  return BOOKING_CHANNEL_LABELS[b.channel]
}

function BookingPage() {
  const { nummer } = Route.useParams()
  const { data: b } = useSuspenseQuery(officeBookingQuery(nummer.toUpperCase()))
  const { neu } = Route.useSearch()
  const pdfHref = `/buchung/bestaetigung/${b.bookingNumber}/bestaetigung.pdf`
  return (
    <article className="office-booking" aria-labelledby="buchung-titel">
      <p>
        <Link to="/buero/buchungen/">Zur Buchungsliste</Link>
      </p>
      <h1 id="buchung-titel" className="page-title">
        Buchung {b.bookingNumber} <span className="office-booking__status">({BOOKING_STATUS_LABELS[b.status]})</span>
      </h1>
      {neu ? (
        <div className="office-booking__done" role="status" tabIndex={-1} ref={focusOnArrival}>
          <p>
            <strong>Die Telefonbuchung ist gespeichert.</strong>{' '}
            {b.contact.email
              ? `Die Buchungsbestätigung geht per E-Mail an ${b.contact.email}.`
              : 'Der Anrufer hat keine E-Mail-Adresse angegeben: Bitte drucken Sie die Buchungsbestätigung aus und senden Sie sie per Post.'}
          </p>
          <p>
            <a href={pdfHref} download>
              Buchungsbestätigung als PDF (zum Drucken)
            </a>
          </p>
        </div>
      ) : null}

      <section aria-labelledby="reise-titel">
        <h2 id="reise-titel">Reise und Buchung</h2>
        <dl className="office-facts">
          <dt>Reise</dt>
          <dd>
            {b.trip.title},{' '}
            <Link to="/buero/termine/$id/" params={{ id: String(b.trip.tripDateId) }}>
              {formatDateRange(b.trip.dateFrom, b.trip.dateTill)}
            </Link>
          </dd>
          <dt>Gebucht am</dt>
          <dd>{formatDateTime(new Date(b.bookedAt))}</dd>
          <dt>Gebucht über</dt>
          <dd>{channelText(b)}</dd>
          {b.agency ? (
            <>
              <dt>Reisebüro</dt>
              <dd>{[b.agency.name, b.agency.phone, b.agency.email].filter(Boolean).join(' · ')}</dd>
            </>
          ) : null}
          <dt>Zustimmung zu Reisebedingungen und Datenschutz</dt>
          <dd>
            {b.consentedAt ? formatDateTime(new Date(b.consentedAt)) : '–'}
            {b.channel === 'phone' ? ' (am Telefon)' : ''}
          </dd>
          <dt>Bestätigung</dt>
          <dd>
            Version {b.version} ·{' '}
            <a href={pdfHref} download>
              als PDF (zum Drucken)
            </a>
          </dd>
        </dl>
        {b.status === 'received' ? (
          <details className="office-booking__edit">
            <summary>Auf einen anderen Termin umbuchen</summary>
            <RebookingForm booking={b} idPrefix="umbuchung" />
          </details>
        ) : null}
      </section>

      <section aria-labelledby="kontakt-titel">
        <h2 id="kontakt-titel">Buchende Person</h2>
        <address className="office-booking__contact">
          {b.contact.firstname} {b.contact.lastname}
          <br />
          {b.contact.street} {b.contact.street_nr}, {b.contact.zip} {b.contact.city}
          <br />
          {b.contact.email ? <a href={`mailto:${b.contact.email}`}>{b.contact.email}</a> : 'keine E-Mail-Adresse'} · <a href={`tel:${b.contact.tel.replace(/[^\d+]/g, '')}`}>{b.contact.tel}</a>
        </address>
        {b.status === 'received' ? (
          <details className="office-booking__edit">
            <summary>Kontaktdaten ändern</summary>
            <ContactForm booking={b} idPrefix="kontakt" />
          </details>
        ) : null}
      </section>

      <section aria-labelledby="reisende-titel">
        <h2 id="reisende-titel">Reisende</h2>
        <div className="office-table" tabIndex={0} role="region" aria-labelledby="reisende-titel">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Zimmer</th>
                <th scope="col">Sitz</th>
                <th scope="col">Zustieg</th>
                <th scope="col">Zusatzleistungen</th>
                <th scope="col">Versicherung</th>
                <th scope="col">Mobilität</th>
                <th scope="col">Preis</th>
              </tr>
            </thead>
            <tbody>
              {b.travellers.map((t) => (
                <tr key={t.index}>
                  <th scope="row">
                    {t.firstname} {t.lastname}
                    {t.booker ? ' (bucht)' : ''}
                  </th>
                  <td>{t.room}</td>
                  <td>{t.seat ?? '–'}</td>
                  <td>{t.boarding}</td>
                  <td>{t.services.join(', ') || '–'}</td>
                  <td>{t.insurance ?? '–'}</td>
                  <td>{t.mobility}</td>
                  <td className="office-table__amount">{formatPrice(t.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {b.status === 'received'
          ? b.travellers.map((t) => (
              <details key={t.index} className="office-booking__edit">
                <summary>
                  {t.firstname} {t.lastname} ändern
                </summary>
                <TravellerNameForm booking={b} traveller={t} idPrefix={`p${t.index}`} />
                {b.choices.freeSeats ? <SeatForm booking={b} traveller={t} idPrefix={`p${t.index}`} /> : null}
                {b.choices.boardingPoints.length > 0 || b.choices.transfer ? <BoardingForm booking={b} traveller={t} idPrefix={`p${t.index}`} /> : null}
                <ServicesForm booking={b} traveller={t} idPrefix={`p${t.index}`} />
              </details>
            ))
          : null}
        {b.status === 'received' && b.choices.bookingServices.length > 0 ? (
          <details className="office-booking__edit">
            <summary>Zusatzleistungen der Buchung ändern</summary>
            <ServicesForm booking={b} idPrefix="buchung" />
          </details>
        ) : null}
      </section>

      <section aria-labelledby="preis-titel">
        <h2 id="preis-titel">Reisepreis</h2>
        <div className="office-table" tabIndex={0} role="region" aria-labelledby="preis-titel">
          <table>
            <thead>
              <tr>
                <th scope="col">Leistung</th>
                <th scope="col">Person</th>
                <th scope="col">Betrag</th>
              </tr>
            </thead>
            <tbody>
              {b.lines.map((line, i) => (
                <tr key={i}>
                  <td>{line.label}</td>
                  <td>{line.traveller ?? 'ganze Buchung'}</td>
                  <td className="office-table__amount">{formatPrice(line.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Gesamtpreis
                </th>
                <td className="office-table__amount">{formatPrice(b.gesamtpreis)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>

      <LedgerSection booking={b} />
      <CancellationSection booking={b} />

      <section aria-labelledby="mails-titel">
        <h2 id="mails-titel">E-Mails zu dieser Buchung</h2>
        {b.contact.email ? (
          <ResendConfirmation bookingNumber={b.bookingNumber} />
        ) : (
          <p>Ohne E-Mail-Adresse erhält der Kunde die Bestätigung gedruckt (PDF oben unter „Bestätigung“).</p>
        )}
        {b.mails.length === 0 ? (
          <p>Noch keine E-Mail.</p>
        ) : (
          <ul className="office-booking__list">
            {b.mails.map((m) => (
              <li key={m.id}>
                {formatDateTime(new Date(m.createdAt))}: „{m.subject}“ an {m.to}, {MAIL_STATUS[m.status] ?? m.status}
                {m.sentAt ? ` (${formatDateTime(new Date(m.sentAt))})` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="verlauf-titel">
        <h2 id="verlauf-titel">Notizen und Verlauf</h2>
        <NoteForm bookingNumber={b.bookingNumber} />
        <ol className="office-timeline">
          {b.history.map((h) => (
            <li key={h.id}>
              <p className="office-timeline__head">
                <time dateTime={h.at}>{formatDateTime(new Date(h.at))}</time> · {h.action} · {h.actor}
              </p>
              {h.changes.length ? (
                <ul>
                  {h.changes.map((c, i) => (
                    <li key={i}>{c}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </article>
  )
}

function ResendConfirmation({ bookingNumber }: { bookingNumber: string }) {
  const queryClient = useQueryClient()
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const resend = async () => {
    if (busy) return
    setBusy(true)
    try {
      const { to } = await resendOfficeConfirmation({ data: { bookingNumber } })
      setMessage(`Die Bestätigung geht an ${to}.`)
      await queryClient.invalidateQueries({ queryKey: officeBookingQuery(bookingNumber).queryKey })
    } catch {
      setMessage('Die Bestätigung konnte nicht gesendet werden. Bitte versuchen Sie es noch einmal.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <p>
      <Button variant="secondary" size="small" onClick={resend} busy={busy}>
        Bestätigung erneut senden
      </Button>{' '}
      <span role="status">{message}</span>
    </p>
  )
}

function NoteForm({ bookingNumber }: { bookingNumber: string }) {
  const queryClient = useQueryClient()
  const [message, setMessage] = useState<string | null>(null)
  const form = useAppForm({
    defaultValues: { note: '' },
    onSubmit: async ({ value, formApi }) => {
      const result = await addOfficeNote({ data: { bookingNumber, note: value.note } })
      if (!result.ok) return setMessage(result.message ?? null)
      formApi.reset()
      setMessage('Die Notiz steht im Verlauf.')
      await queryClient.invalidateQueries({ queryKey: officeBookingQuery(bookingNumber).queryKey })
    },
  })
  return (
    <form className="office-change" noValidate onSubmit={submitTo(form)} aria-label="Notiz hinzufügen">
      <form.AppForm>
        <form.AppField name="note">{(f) => <f.TextAreaField id="notiz" label="Interne Notiz" hint="Nur für das Büro sichtbar" maxLength={2000} />}</form.AppField>
        <form.SubmitButton size="normal" variant="secondary">
          Notiz speichern
        </form.SubmitButton>
      </form.AppForm>
      <p role="status">{message}</p>
    </form>
  )
}
