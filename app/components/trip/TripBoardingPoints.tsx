// The trip page's boarding points with departure times and surcharges.
import { Link } from '@tanstack/react-router'
import { formatPrice } from '~/lib/format'
import { formatDepartureTime } from '~/lib/trip-detail'
import type { TripDetail } from '~/lib/trip-detail'

export function TripBoardingPoints({ trip }: { trip: TripDetail }) {
  if (trip.boardingPoints.length === 0) return null
  return (
    <section className="section section--tight" aria-labelledby="zustiege">
      <h2 id="zustiege">Zustiegsstellen</h2>
      <div className="table-wrap">
        <table className="table table--stack">
          <caption>Abfahrtszeiten und Zuschläge der Zustiegsstellen</caption>
          <thead>
            <tr>
              <th scope="col">Zustiegsstelle</th>
              <th scope="col">Adresse</th>
              <th scope="col">Abfahrt</th>
              <th scope="col" className="num">
                Zuschlag p. P.
              </th>
            </tr>
          </thead>
          <tbody>
            {trip.boardingPoints.map((point) => (
              <tr key={point.id}>
                <th scope="row" data-label="Zustiegsstelle">
                  {point.name}
                </th>
                <td data-label="Adresse">
                  {point.street}, {point.zip} {point.city}
                </td>
                <td data-label="Abfahrt">{formatDepartureTime(point.departureTime)}</td>
                <td className="num" data-label="Zuschlag p. P.">
                  {point.surcharge > 0 ? formatPrice(point.surcharge) : 'ohne Zuschlag'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-small">
        Auf Wunsch holen wir Sie auch zu Hause ab: <Link to="/haustuertransfer/">Haustürtransfer</Link>.
      </p>
    </section>
  )
}
