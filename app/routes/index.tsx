import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { Advantages } from '~/components/catalogue/Advantages'
import { CategoryTiles } from '~/components/catalogue/CategoryTiles'
import { TripCardGrid } from '~/components/catalogue/TripCardGrid'
import { BlogCard } from '~/components/content/BlogCard'
import { Stars } from '~/components/content/Stars'
import { HeroSlider } from '~/components/start/HeroSlider'
import { buttonClassName } from '~/components/ui/Button'
import type { BlogEntry } from '~/lib/api'
import { filterMainCategories } from '~/lib/categories'
import { formatDate } from '~/lib/format'
import type { Testimonial } from '~/lib/testimonials'
import type { TripCardData } from '~/lib/trip-card'
import { initDataQuery, siteInfoQuery } from '~/queries/shell'
import { startPageQuery } from '~/queries/start-page'
import { organizationJsonLd, pageHead, serialiseJsonLd } from '~/lib/head'

export const Route = createFileRoute('/')({
  staticData: { layout: 'start' },
  // Spec 2's `?debug=` cache clear happens in the server entry (app/server/http/cache-clear.server.ts),
  // before this page is rendered from the cleared cache; a client-side navigation never clears.
  loader: async ({ context }) => {
    await Promise.all([context.queryClient.ensureQueryData(initDataQuery()), context.queryClient.ensureQueryData(startPageQuery())])
  },
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: match.context.site.claim,
      description: `Busreisen, Flugreisen, Kreuzfahrten und Hotels: Reisen mit Haustürnähe, persönlicher Beratung und Reiseleitung – ${match.context.site.name}.`,
      // The operator for search engines' knowledge panels.
      jsonLd: [serialiseJsonLd({ '@context': 'https://schema.org', ...organizationJsonLd(match.context.site, match.context.origin) })],
    }),
  component: StartPage,
})

function StartPage() {
  const { data: initData } = useSuspenseQuery(initDataQuery())
  const { data: site } = useSuspenseQuery(siteInfoQuery())
  const { data: page } = useSuspenseQuery(startPageQuery())
  const categories = filterMainCategories(initData.categories)
  return (
    <>
      <section className="hero start-hero">
        <div className="container hero__inner">
          <div>
            <h1 className="hero__title">{site.claim}</h1>
            <p className="hero__text">
              Busreisen, Flugreisen, Kreuzfahrten und Hotels – persönlich beraten von {site.name}. Rufen Sie uns an:{' '}
              <a href={`tel:${site.phoneHref}`}>{site.phone}</a>
            </p>
            <p className="cluster">
              <Link to="/reisekalender/" className={buttonClassName({ variant: 'secondary' })}>
                Zum Reisekalender
              </Link>
            </p>
          </div>
          <HeroSlider slides={page.slider} />
        </div>
      </section>

      {categories.length ? (
        <section className="container section" aria-labelledby="reisearten">
          <h2 id="reisearten">Unsere Reisearten</h2>
          <CategoryTiles categories={categories} images={page.categoryImages} priority={page.slider.length === 0} />
        </section>
      ) : null}

      <TripBlock id="top-reisen" title={page.headings.top ?? 'Top-Reisen'} trips={page.top} />
      <TripBlock id="reisehighlights" title={page.headings.highlight ?? 'Reisehighlights'} trips={page.highlights} muted />
      <Advantages id="vorteile" title={`Ihre Vorteile bei ${site.name}`} entries={page.advantages} />
      <TripBlock id="reisetipps" title={page.headings.tipps ?? 'Busreisen-Tipps'} trips={page.tips} />
      <BlogTeasers entries={page.blogs} />
      <TestimonialTeaser testimonials={page.testimonials} />

      <section className="section section--muted" aria-labelledby="newsletter">
        <div className="container newsletter-teaser">
          <div>
            <h2 id="newsletter">Reiseideen per E-Mail</h2>
            <p>
              Neue Reisen, Frühbucherpreise und Restplätze zuerst erfahren: Abonnieren Sie unseren kostenlosen Newsletter. Abmelden können
              Sie sich jederzeit.
            </p>
          </div>
          <p>
            <Link to="/newsletter/" className={buttonClassName({ variant: 'primary' })}>
              Newsletter abonnieren
            </Link>
          </p>
        </div>
      </section>
    </>
  )
}

function TripBlock({ id, title, trips, muted = false }: { id: string; title: string; trips: readonly TripCardData[]; muted?: boolean }) {
  if (trips.length === 0) return null
  return (
    <section className={muted ? 'section section--muted' : 'section'} aria-labelledby={id}>
      <div className="container">
        <h2 id={id}>{title}</h2>
        <TripCardGrid trips={trips} />
      </div>
    </section>
  )
}

function BlogTeasers({ entries }: { entries: readonly BlogEntry[] }) {
  if (entries.length === 0) return null
  return (
    <section className="container section" aria-labelledby="aktuelles">
      <h2 id="aktuelles">Aktuelles aus unserem Reiseblog</h2>
      <ul className="card-grid">
        {entries.map((entry) => (
          <BlogCard key={entry.id} entry={entry} compact />
        ))}
      </ul>
      <p>
        <Link to="/blog/">Alle Beiträge im Reiseblog</Link>
      </p>
    </section>
  )
}

function TestimonialTeaser({ testimonials }: { testimonials: readonly Testimonial[] }) {
  if (testimonials.length === 0) return null
  return (
    <section className="section section--muted" aria-labelledby="kundenstimmen">
      <div className="container">
        <h2 id="kundenstimmen">Das sagen unsere Gäste</h2>
        <ul className="testimonial-teasers">
          {testimonials.map((t) => (
            <li key={t.id} className="testimonial-teaser">
              <figure>
                <Stars kind="rating" value={t.rating} />
                <p className="testimonial-teaser__title">{t.title}</p>
                <blockquote className="testimonial-teaser__text">
                  <p>{t.text}</p>
                </blockquote>
                <figcaption className="text-muted">
                  {t.author}
                  {t.city ? `, ${t.city}` : null}
                  {t.travelledOn ? ` · gereist am ${formatDate(t.travelledOn)}` : null}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p>
          <Link to="/kundenstimmen/">Alle Kundenstimmen lesen</Link>
        </p>
      </div>
    </section>
  )
}
