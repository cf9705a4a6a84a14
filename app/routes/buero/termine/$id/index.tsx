import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute, notFound } from '@tanstack/react-router'
import { countOf, formatDateRange } from '~/lib/format'
import { DepartureCancellation } from '~/components/office/DepartureCancellation'
import { pageHead } from '~/lib/head'
import { parseId } from '~/lib/ids'
import { CELL_LABELS, SEAT_VIEW_LABELS, listFileName, minimumText, seatPlanColumnHeaders, shopStatus } from '~/lib/office/departure-lists'
import type { ListTable, SeatPlanView } from '~/lib/office/departure-lists'
import { departureQuery } from '~/queries/office-departures'

/** `/buero/termine/{id}/`: one trip date's places, minimum, seat plan with names and its lists. */
export const Route = createFileRoute('/buero/termine/$id/')({
  loader: async ({ context, params }) => {
    const id = parseId(params.id)
    if (id === null) throw notFound()
    const view = await context.queryClient.ensureQueryData(departureQuery(id))
    return { id, title: `${view.facts.tripTitle}, ${formatDateRange(view.facts.dateFrom, view.facts.dateTill)}` }
  },
  head: ({ match, loaderData }) => pageHead(match.context.site, { title: [loaderData?.title ?? 'Abfahrt', 'Büro'], robots: 'noindex' }),
  component: DeparturePage,
})

function DeparturePage() {
  const { id } = Route.useLoaderData()
  const { data: view } = useSuspenseQuery(departureQuery(id))
  const { facts, counts } = view
  const base = `/buero/termine/${facts.id}/`
  return (
    <article aria-labelledby="abfahrt-titel">
      <p>
        <Link to="/buero/termine/" search={{}}>
          Alle Abfahrten
        </Link>
      </p>
      <h1 id="abfahrt-titel" className="page-title">
        {facts.tripTitle}, {formatDateRange(facts.dateFrom, facts.dateTill)}
      </h1>
      <dl className="office-facts">
        <dt>Code</dt>
        <dd>{facts.code}</dd>
        <dt>Status im Shop</dt>
        <dd>{shopStatus(facts.bookable, counts.free)}</dd>
        {facts.seatPlanName ? (
          <>
            <dt>Bus</dt>
            <dd>{facts.seatPlanName}</dd>
          </>
        ) : null}
        <dt>Gebucht</dt>
        <dd>{countOf(counts.booked, 'Person', 'Personen')}</dd>
        <dt>Vorübergehend reserviert</dt>
        <dd>{countOf(counts.held, 'Platz', 'Plätze')}</dd>
        <dt>Frei</dt>
        <dd>
          {countOf(counts.free, 'Platz', 'Plätze')} von {counts.capacity}
        </dd>
        <dt>Mindestteilnehmerzahl</dt>
        <dd className={view.minimum.kind === 'missing' ? 'office-warning' : undefined}>{minimumText(view.minimum)}</dd>
      </dl>

      <section aria-labelledby="listen-titel">
        <h2 id="listen-titel">Listen für die Abfahrt</h2>
        <div className="office-table" tabIndex={0} role="region" aria-labelledby="listen-titel">
          <table>
            <thead>
              <tr>
                <th scope="col">Liste</th>
                <th scope="col">Inhalt</th>
                <th scope="col">Umfang</th>
                <th scope="col">Herunterladen</th>
              </tr>
            </thead>
            <tbody>
              {view.lists.map((l) => (
                <tr key={l.list}>
                  <th scope="row">{l.label}</th>
                  <td>{l.description}</td>
                  <td>{l.size}</td>
                  <td>
                    <div className="office-downloads">
                      <a href={`${base}${listFileName(l.list, 'pdf')}`}>{l.label} (PDF)</a>
                      <a href={`${base}${listFileName(l.list, 'csv')}`}>{l.label} (CSV)</a>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <DepartureCancellation view={view} />

      <section aria-labelledby="sitzplan-titel">
        <h2 id="sitzplan-titel">Sitzplan mit Namen</h2>
        {view.seatPlan ? <SeatPlanTable plan={view.seatPlan} /> : <p>Dieser Termin hat keinen Sitzplan.</p>}
        {view.travellerTables.map((t) => (
          <TravellerTable key={t.heading ?? ''} table={t} />
        ))}
      </section>
    </article>
  )
}

/** The seat plan as a table: a row per seat row from the front, each seat with its label and the traveller's name or its state in words. */
function SeatPlanTable({ plan }: { plan: SeatPlanView }) {
  const headers = seatPlanColumnHeaders(plan)
  return (
    <div className="office-table departure-seats" tabIndex={0} role="region" aria-labelledby="sitzplan-titel">
      <table>
        <caption>Vorn sitzt der Fahrer; jede Zeile ist eine Sitzreihe, von links nach rechts in Fahrtrichtung.</caption>
        <thead>
          <tr>
            <th scope="col">Reihe</th>
            {headers.map((h, c) => (
              <th key={c} scope="col">
                {h || <span className="visually-hidden">Spalte {c + 1}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {plan.rows.map((row) => (
            <tr key={row.row}>
              <th scope="row">Reihe {row.row}</th>
              {row.cells.map((cell, c) =>
                cell.kind === 'seat' ? (
                  <td key={c} className={`departure-seat departure-seat--${cell.state}`}>
                    <span className="departure-seat__label">Platz {cell.label}</span>{' '}
                    <span className="departure-seat__who">{cell.name ?? SEAT_VIEW_LABELS[cell.state]}</span>
                    {cell.mobility ? <span className="departure-seat__note">{cell.mobility}</span> : null}
                  </td>
                ) : (
                  <td key={c} className="departure-seat departure-seat--none">
                    {cell.kind === 'aisle' ? '' : CELL_LABELS[cell.kind]}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function TravellerTable({ table }: { table: ListTable }) {
  return (
    <>
      {table.heading ? <h3>{table.heading}</h3> : null}
      {table.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {table.rows.length === 0 ? (
        <p>{table.empty}</p>
      ) : (
        <div className="office-table">
          <table>
            <thead>
              <tr>
                {table.columns.map((c) => (
                  <th key={c.header} scope="col">
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((value, c) => (
                    <td key={c}>{value}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
