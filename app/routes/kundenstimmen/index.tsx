import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { ListPage } from '~/components/content/ListPage'
import { Stars } from '~/components/content/Stars'
import { EmptyState } from '~/components/ui/EmptyState'
import { formatDate, formatNumber, countOf, pluralWord } from '~/lib/format'
import { pageFromSearch, pageSearch, pageSearchSchema, titleOnPage } from '~/lib/paging'
import { averageRatingLabel, starGlyphs } from '~/lib/ratings'
import type { Testimonial, TestimonialSummary } from '~/lib/testimonials'
import { testimonialQueries } from '~/queries/testimonials'
import { pageHead } from '~/lib/head'

export const Route = createFileRoute('/kundenstimmen/')({
  validateSearch: pageSearchSchema,
  loaderDeps: ({ search }) => ({ page: pageFromSearch(search) }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(testimonialQueries.list(deps.page)),
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: titleOnPage('Kundenstimmen', match.loaderDeps.page),
      description: `Was unsere Gäste über ihre Reisen mit ${match.context.site.name} sagen: Bewertungen und Erfahrungsberichte.`,
    }),
  component: TestimonialsPage,
})

function TestimonialsPage() {
  const { page } = Route.useLoaderDeps()
  const { data } = useSuspenseQuery(testimonialQueries.list(page))
  return (
    <ListPage
      title="Kundenstimmen"
      lead="Was unsere Gäste nach der Reise erzählen – ungekürzt und mit ihrer Bewertung."
      paging={data.paging}
      pageNote={false}
      renderPageLink={(target, props) => <Link to="/kundenstimmen/" search={pageSearch(target)} {...props} />}
    >
      <RatingSummary summary={data.summary} />
      {data.testimonials.length ? (
        <ul className="testimonial-list">
          {data.testimonials.map((t) => (
            <TestimonialItem key={t.id} testimonial={t} />
          ))}
        </ul>
      ) : (
        <EmptyState title="Noch keine Kundenstimmen" text="Sobald unsere Gäste von ihren Reisen erzählen, lesen Sie es hier." />
      )}
    </ListPage>
  )
}

function RatingSummary({ summary }: { summary: TestimonialSummary }) {
  if (summary.count === 0 || summary.average === null) return null
  return (
    <section className="rating-summary" aria-labelledby="bewertung">
      <h2 id="bewertung" className="rating-summary__title">
        Durchschnittliche Bewertung
      </h2>
      <p className="rating-summary__average">
        <span className="stars__glyphs" aria-hidden="true">
          {starGlyphs(summary.average)}
        </span>{' '}
        <strong>{averageRatingLabel(summary.average)}</strong> aus {formatNumber(summary.count)}{' '}
        {pluralWord(summary.count, 'Bewertung', 'Bewertungen')}
      </p>
      <table className="rating-summary__table">
        <caption className="visually-hidden">Verteilung der Bewertungen</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">Sterne</th>
            <th scope="col">Anzahl</th>
          </tr>
        </thead>
        <tbody>
          {summary.distribution.map((row) => (
            <tr key={row.stars}>
              <th scope="row">{countOf(row.stars, 'Stern', 'Sterne')}</th>
              <td>
                <span className="rating-bar" aria-hidden="true">
                  <span className="rating-bar__fill" style={{ width: `${Math.round((row.count / summary.count) * 100)}%` }} />
                </span>{' '}
                {formatNumber(row.count)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function TestimonialItem({ testimonial: t }: { testimonial: Testimonial }) {
  return (
    <li className="testimonial">
      <article aria-labelledby={`stimme-${t.id}`}>
        <h2 id={`stimme-${t.id}`} className="testimonial__title">
          {t.title}
        </h2>
        <Stars kind="rating" value={t.rating} />
        <blockquote className="testimonial__text">
          <p>{t.text}</p>
        </blockquote>
        <p className="testimonial__meta">
          {t.author}
          {t.city ? `, ${t.city}` : null}
          {t.travelledOn ? (
            <>
              {' · gereist am '}
              <time dateTime={t.travelledOn}>{formatDate(t.travelledOn)}</time>
            </>
          ) : null}
          {t.trip ? (
            <>
              {' · '}
              <Link to="/reise/$id/" params={{ id: String(t.trip.id) }}>
                {t.trip.title}
              </Link>
            </>
          ) : null}
        </p>
      </article>
    </li>
  )
}
