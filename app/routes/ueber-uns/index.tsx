import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { ABOUT_HISTORY, ABOUT_TEAM } from '~/lib/about'
import { contentQueries } from '~/queries/content'
import { siteInfoQuery } from '~/queries/shell'
import { pageHead } from '~/lib/head'

export const Route = createFileRoute('/ueber-uns/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(contentQueries.fixedPageText('ueber-uns')),
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: 'Über uns',
      description: 'Wer wir sind: ein Familienunternehmen für Bus- und Gruppenreisen – unsere Geschichte und unser Team.',
    }),
  component: AboutPage,
})

function AboutPage() {
  const { data: page } = useSuspenseQuery(contentQueries.fixedPageText('ueber-uns'))
  const { data: site } = useSuspenseQuery(siteInfoQuery())
  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: 'Über uns' }]} />
      <header className="page-header">
        <h1 className="page-title">{page?.title ?? 'Über uns'}</h1>
        <p className="lead">{page?.teaser || site.claim}</p>
      </header>
      {page?.body ? <div className="prose" dangerouslySetInnerHTML={{ __html: page.body }} /> : null}

      <section className="section section--tight" aria-labelledby="geschichte">
        <h2 id="geschichte">Unsere Geschichte</h2>
        <ol className="timeline">
          {ABOUT_HISTORY.map((step) => (
            <li key={step.year} className="timeline__item">
              <span className="timeline__year">{step.year}</span>
              <p className="timeline__text">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="section section--tight" aria-labelledby="team">
        <h2 id="team">Ihre Ansprechpartner</h2>
        <ul className="card-grid">
          {ABOUT_TEAM.map((member) => (
            <li key={member.name} className="card">
              <div className="card__body">
                <h3 className="card__title">{member.name}</h3>
                <p className="card__meta">{member.role}</p>
                <p>{member.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="section section--tight" aria-labelledby="kontakt">
        <h2 id="kontakt">So erreichen Sie uns</h2>
        <address>
          {site.legalName}
          <br />
          {site.street}
          <br />
          {site.zip} {site.city}
          <br />
          Telefon: <a href={`tel:${site.phoneHref}`}>{site.phone}</a> ({site.officeHours})
          <br />
          E-Mail: <a href={`mailto:${site.email}`}>{site.email}</a>
        </address>
        <p>
          Mehr über unsere Gäste lesen Sie in den <Link to="/kundenstimmen/">Kundenstimmen</Link>, Bilder von unterwegs in den{' '}
          <Link to="/reiseimpressionen/">Reiseimpressionen</Link>.
        </p>
      </section>
    </div>
  )
}
