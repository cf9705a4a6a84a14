import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router'
import { createColumnHelper, rowSortingFeature, tableFeatures, useTable } from '@tanstack/react-table'
import type { FormEvent } from 'react'
import { Pagination } from '~/components/ui/Pagination'
import { formatDate, formatDateTime, formatPrice } from '~/lib/format'
import { pageHead } from '~/lib/head'
import {
  BOOKING_CHANNELS,
  BOOKING_CHANNEL_LABELS,
  BOOKING_STATUSES,
  BOOKING_STATUS_LABELS,
  PAYMENT_STATES,
  PAYMENT_STATE_LABELS,
  paymentStateText,
  reversedRanges,
  bookingListSearchSchema,
  listOrder,
} from '~/lib/office/booking-list'
import type { BookingListSearch, BookingSort } from '~/lib/office/booking-list'
import { bookingListChoicesQuery, officeBookingsQuery } from '~/queries/office'
import type { BookingListChoices, BookingListRow } from '~/server/office/booking-list.server'
import { tripChoiceLabels, withChosen } from '~/lib/office/trip-choices'
import { appFormProps } from '~/browser/pre-hydration-forms'
import { useValuesOfAddress } from '~/components/ui/use-history-entry'
import { BookingLink } from '~/components/office/BookingLink'

export const Route = createFileRoute('/buero/buchungen/')({
  validateSearch: bookingListSearchSchema,
  loaderDeps: ({ search }) => search,
  // The trip and agency choices (thousands of trips) are not part of the page: the browser asks for
  // them once it runs (DECISIONS: the bookings list).
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(officeBookingsQuery(deps)),
  head: ({ match }) => pageHead(match.context.site, { title: 'Buchungen · Büro', robots: 'noindex' }),
  component: BookingList,
})

const features = tableFeatures({ rowSortingFeature })
const column = createColumnHelper<typeof features, BookingListRow>()
const columns = column.columns([
  column.accessor('bookingNumber', {
    id: 'number',
    header: 'Buchungsnummer',
    cell: (c) => (
      <BookingLink bookingNumber={c.getValue()} />
    ),
  }),
  column.accessor('bookedAt', { id: 'booked', header: 'Gebucht am', cell: (c) => formatDateTime(new Date(c.getValue())) }),
  column.accessor('customer', { id: 'name', header: 'Kunde' }),
  column.accessor('tripTitle', { id: 'trip', header: 'Reise', enableSorting: false }),
  column.accessor('departure', { id: 'departure', header: 'Abfahrt', cell: (c) => formatDate(c.getValue()) }),
  column.accessor('places', { id: 'places', header: 'Personen', enableSorting: false }),
  column.accessor('total', { id: 'total', header: 'Reisepreis', cell: (c) => formatPrice(c.getValue()) }),
  column.accessor('paymentState', {
    id: 'payment',
    header: 'Zahlung',
    enableSorting: false,
    cell: (c) => `${paymentStateText(c.getValue())} (${formatPrice(c.row.original.paid)})`,
  }),
  column.accessor('channel', {
    id: 'channel',
    header: 'Gebucht über',
    enableSorting: false,
    cell: (c) => (c.row.original.agency ? `${BOOKING_CHANNEL_LABELS.agency}: ${c.row.original.agency}` : BOOKING_CHANNEL_LABELS[c.getValue()]),
  }),
  column.accessor('status', { id: 'status', header: 'Status', enableSorting: false, cell: (c) => BOOKING_STATUS_LABELS[c.getValue()] }),
])
const NO_ROWS: BookingListRow[] = []

/** The export's address for the same filter and order, without the page. */
function exportHref(kind: 'csv' | 'xlsx', search: BookingListSearch): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) if (value !== undefined && key !== 'seite') params.set(key, String(value))
  const query = params.toString()
  return `/buero/buchungen/export.${kind}${query ? `?${query}` : ''}`
}

function BookingList() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const { data } = useQuery({ ...officeBookingsQuery(search), placeholderData: keepPreviousData })
  const order = listOrder(search)
  const table = useTable({
    features,
    columns,
    data: data?.rows ?? NO_ROWS,
    manualSorting: true,
    state: { sorting: [{ id: order.sort, desc: order.direction === 'desc' }] },
  })

  const sortLink = (id: BookingSort): BookingListSearch => {
    const direction = order.sort === id && order.direction === 'asc' ? 'desc' : 'asc'
    return { ...search, sortierung: id, richtung: direction, seite: undefined }
  }

  return (
    <section aria-labelledby="buchungen-titel">
      <h1 id="buchungen-titel" className="page-title">
        Buchungen
      </h1>
      <BookingFilter onApply={(next) => void navigate({ search: { ...next, sortierung: search.sortierung, richtung: search.richtung } })} />
      <p role="status" className="office-list__count">
        {data ? `${data.total.toLocaleString('de-DE')} ${data.total === 1 ? 'Buchung' : 'Buchungen'}` : ''}
      </p>
      <p className="office-list__exports">
        Diese Liste herunterladen: <a href={exportHref('csv', search)}>CSV (Excel)</a> · <a href={exportHref('xlsx', search)}>XLSX</a>
      </p>
      <div className="office-table" tabIndex={0} role="region" aria-labelledby="buchungen-titel">
        <table>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted()
                  const sortable = header.column.getCanSort()
                  return (
                    <th key={header.id} scope="col" aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}>
                      {sortable ? (
                        <Link from={Route.fullPath} search={sortLink(header.column.id as BookingSort)}>
                          <table.FlexRender header={header} />
                          <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                        </Link>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  )
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.original.bookingNumber}>
                {row.getAllCells().map((cell) =>
                  cell.column.id === 'number' ? (
                    <th key={cell.id} scope="row">
                      <table.FlexRender cell={cell} />
                    </th>
                  ) : (
                    <td key={cell.id}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data && data.total === 0 ? <p>Keine Buchung passt zu diesem Filter.</p> : null}
      {data && data.pages > 1 ? (
        <nav aria-label="Seiten der Buchungsliste">
          <Pagination
            pages={data.pages}
            current={data.page}
            renderLink={(page, props) => <Link from={Route.fullPath} search={{ ...search, seite: page === 1 ? undefined : page }} {...props} />}
          />
        </nav>
      ) : null}
    </section>
  )
}

type FilterValues = Omit<BookingListSearch, 'sortierung' | 'richtung' | 'seite'>
const NO_CHOICES: BookingListChoices = { trips: [], agencies: [] }

function filterValues(search: BookingListSearch): Record<string, string> {
  return {
    q: search.q ?? '',
    reise: search.reise ? String(search.reise) : '',
    agentur: search.agentur ? String(search.agentur) : '',
    status: search.status ?? '',
    zahlung: search.zahlung ?? '',
    kanal: search.kanal ?? '',
    abfahrtVon: search.abfahrtVon ?? '',
    abfahrtBis: search.abfahrtBis ?? '',
    gebuchtVon: search.gebuchtVon ?? '',
    gebuchtBis: search.gebuchtBis ?? '',
  }
}

/** The filter as a form: "Filtern" puts it into the address (a page to share or bookmark). */
function BookingFilter({ onApply }: { onApply: (values: FilterValues) => void }) {
  // Back, Forward and "Filter zurücksetzen" change the address: the form shows its filter again.
  const [values, setValues] = useValuesOfAddress((address) => filterValues(bookingListSearchSchema.parse(address)))
  const set = (name: string) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = bookingListSearchSchema.parse(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')))
    onApply(parsed)
  }
  const { data: choices = NO_CHOICES, isPending } = useQuery(bookingListChoicesQuery())
  const tripLabels = Object.fromEntries([...tripChoiceLabels(choices.trips)].map(([id, label]) => [String(id), label]))
  const agencyLabels = Object.fromEntries(choices.agencies.map((a) => [String(a.id), a.name]))
  const select = (name: string, label: string, options: readonly string[], labels: Record<string, string>, loading = false) => (
    <div className="field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <select id={`filter-${name}`} value={values[name]} onChange={set(name)} aria-busy={loading || undefined}>
        <option value="">alle</option>
        {withChosen(options, values[name] ?? '').map((o) => (
          <option key={o} value={o}>
            {labels[o] ?? `${label}-Nr. ${o}`}
          </option>
        ))}
      </select>
    </div>
  )
  const date = (name: string, label: string) => (
    <div className="field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <input id={`filter-${name}`} type="date" value={values[name]} onChange={set(name)} />
    </div>
  )
  return (
    <form className="office-filter" role="search" aria-label="Buchungen filtern" {...appFormProps} onSubmit={submit}>
      <div className="field office-filter__text">
        <label htmlFor="filter-q">Buchungsnummer, Name, E-Mail oder Telefon</label>
        <input id="filter-q" type="search" value={values.q} maxLength={100} onChange={set('q')} />
      </div>
      {select('reise', 'Reise', choices.trips.map((t) => String(t.id)), tripLabels, isPending)}
      {select('agentur', 'Reisebüro', choices.agencies.map((a) => String(a.id)), agencyLabels, isPending)}
      {select('status', 'Status', BOOKING_STATUSES, BOOKING_STATUS_LABELS)}
      {select('zahlung', 'Zahlung', PAYMENT_STATES, PAYMENT_STATE_LABELS)}
      {select('kanal', 'Gebucht über', BOOKING_CHANNELS, BOOKING_CHANNEL_LABELS)}
      {date('abfahrtVon', 'Abfahrt ab')}
      {date('abfahrtBis', 'Abfahrt bis')}
      {date('gebuchtVon', 'Gebucht ab')}
      {date('gebuchtBis', 'Gebucht bis')}
      <div className="office-filter__hint" role="status">
        {reversedRanges(values).map((hint) => (
          <p key={hint}>{hint}</p>
        ))}
      </div>
      <div className="office-filter__actions">
        <button type="submit" className="button button--primary">
          Filtern
        </button>
        <Link to="/buero/buchungen/" search={{}}>
          Filter zurücksetzen
        </Link>
      </div>
    </form>
  )
}
