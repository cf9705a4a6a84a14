import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router'
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table'
import type { FormEvent } from 'react'
import { Pagination } from '~/components/ui/Pagination'
import { todayInBerlin } from '~/lib/calendar'
import { countOf, formatDate, formatDateRange, formatNumber } from '~/lib/format'
import { pageHead } from '~/lib/head'
import { departureListSearchSchema, departureRange, minimumShort, shopStatus } from '~/lib/office/departure-lists'
import type { DepartureListSearch } from '~/lib/office/departure-lists'
import { departureChoicesQuery, departuresQuery } from '~/queries/office-departures'
import type { DepartureListRow } from '~/server/office/departures.server'
import { tripChoiceLabels, withChosen } from '~/lib/office/trip-choices'
import { appFormProps } from '~/browser/pre-hydration-forms'
import { useValuesOfAddress } from '~/components/ui/use-history-entry'

/** `/buero/termine/`: the trip dates from today on (or the filter's days), with their places and minimum. */
export const Route = createFileRoute('/buero/termine/')({
  validateSearch: departureListSearchSchema,
  loaderDeps: ({ search: { von, bis, reise, belegt, seite } }) => ({ von, bis, reise, belegt, seite }),
  // The trip choices (thousands of trips) are not part of the page: the browser asks for them once it runs.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(departuresQuery(deps)),
  head: ({ match }) => pageHead(match.context.site, { title: 'Abfahrten · Büro', robots: 'noindex' }),
  component: DepartureList,
})

const features = tableFeatures({})
const column = createColumnHelper<typeof features, DepartureListRow>()
const columns = column.columns([
  column.accessor('dateFrom', { id: 'date', header: 'Abfahrt' }),
  column.accessor('tripTitle', { id: 'trip', header: 'Reise' }),
  column.accessor('code', { id: 'code', header: 'Code' }),
  column.accessor((row) => shopStatus(row.bookable, row.counts.free), { id: 'status', header: 'Status im Shop' }),
  column.accessor((row) => row.counts.booked, { id: 'booked', header: 'Gebucht', cell: (c) => formatNumber(c.getValue()) }),
  column.accessor((row) => row.counts.held, { id: 'held', header: 'Reserviert', cell: (c) => formatNumber(c.getValue()) }),
  column.accessor((row) => row.counts.free, { id: 'free', header: 'Frei', cell: (c) => formatNumber(c.getValue()) }),
  column.accessor('minimum', { id: 'minimum', header: 'Mindestteilnehmerzahl', cell: (c) => minimumShort(c.getValue()) }),
])
const NO_ROWS: DepartureListRow[] = []

function DepartureList() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const { data } = useQuery({ ...departuresQuery(search), placeholderData: keepPreviousData })
  const table = useTable({ features, columns, data: data?.rows ?? NO_ROWS })
  const { from, till } = departureRange(search, todayInBerlin())

  return (
    <section aria-labelledby="abfahrten-titel">
      <h1 id="abfahrten-titel" className="page-title">
        Abfahrten
      </h1>
      <DepartureFilter onApply={(next) => void navigate({ search: next })} />
      <p role="status" className="office-list__count">
        {data ? `${countOf(data.total, 'Termin', 'Termine')} ${till ? `vom ${formatDate(from)} bis ${formatDate(till)}` : `ab ${formatDate(from)}`}` : ''}
      </p>
      <div className="office-table" tabIndex={0} role="region" aria-labelledby="abfahrten-titel">
        <table>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col">
                    <table.FlexRender header={header} />
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.original.id}>
                {row.getAllCells().map((cell) =>
                  cell.column.id === 'date' ? (
                    <th key={cell.id} scope="row">
                      <Link to="/buero/termine/$id/" params={{ id: String(row.original.id) }}>
                        {formatDateRange(row.original.dateFrom, row.original.dateTill)}
                      </Link>
                    </th>
                  ) : (
                    <td key={cell.id} className={cell.column.id === 'minimum' && row.original.minimum.kind === 'missing' ? 'office-warning' : undefined}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data && data.total === 0 ? <p>Kein Termin passt zu diesem Filter.</p> : null}
      {data && data.pages > 1 ? (
        <nav aria-label="Seiten der Abfahrten">
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

type FilterValues = Omit<DepartureListSearch, 'seite'>

function filterValues(search: DepartureListSearch) {
  return { von: search.von ?? '', bis: search.bis ?? '', reise: search.reise ? String(search.reise) : '', belegt: search.belegt === true }
}

/** The filter as a form: "Filtern" puts it into the address (a page to share or bookmark). */
function DepartureFilter({ onApply }: { onApply: (values: FilterValues) => void }) {
  // Back, Forward and "Filter zurücksetzen" change the address: the form shows its filter again.
  const [values, setValues] = useValuesOfAddress((address) => filterValues(departureListSearchSchema.parse(address)))
  const { data: trips = [], isPending } = useQuery({ ...departureChoicesQuery(), select: (choices) => choices.trips })
  const tripLabels = tripChoiceLabels(trips)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = departureListSearchSchema.parse({
      von: values.von || undefined,
      bis: values.bis || undefined,
      reise: values.reise || undefined,
      belegt: values.belegt || undefined,
    })
    onApply(parsed)
  }
  return (
    <form className="office-filter" role="search" aria-label="Abfahrten filtern" {...appFormProps} onSubmit={submit}>
      <div className="field">
        <label htmlFor="filter-reise">Reise</label>
        <select
          id="filter-reise"
          value={values.reise}
          onChange={(e) => setValues((v) => ({ ...v, reise: e.target.value }))}
          aria-busy={isPending || undefined}
        >
          <option value="">alle</option>
          {withChosen(trips.map((t) => String(t.id)), values.reise).map((id) => (
            <option key={id} value={id}>
              {tripLabels.get(Number(id)) ?? `Reise-Nr. ${id}`}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-von">Abfahrt ab</label>
        <input id="filter-von" type="date" value={values.von} onChange={(e) => setValues((v) => ({ ...v, von: e.target.value }))} />
      </div>
      <div className="field">
        <label htmlFor="filter-bis">Abfahrt bis</label>
        <input id="filter-bis" type="date" value={values.bis} onChange={(e) => setValues((v) => ({ ...v, bis: e.target.value }))} />
      </div>
      <div className="field">
        <label className="choice" htmlFor="filter-belegt">
          <input id="filter-belegt" type="checkbox" checked={values.belegt} onChange={(e) => setValues((v) => ({ ...v, belegt: e.target.checked }))} />
          <span>Nur Termine mit Buchungen</span>
        </label>
      </div>
      <div className="office-filter__actions">
        <button type="submit" className="button button--primary">
          Filtern
        </button>
        <Link to="/buero/termine/" search={{}}>
          Filter zurücksetzen
        </Link>
      </div>
    </form>
  )
}
