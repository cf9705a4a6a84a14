import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ContentLinks } from '~/components/content/ContentLinks'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { EmptyState } from '~/components/ui/EmptyState'
import type { FaqTopic } from '~/lib/faq'
import { contentQueries } from '~/queries/content'
import { pageHead, serialiseJsonLd } from '~/lib/head'

export const Route = createFileRoute('/faq/')({
  loader: async ({ context }) => {
    const [topics] = await Promise.all([
      context.queryClient.ensureQueryData(contentQueries.faq()),
      context.queryClient.ensureQueryData(contentQueries.fixedPageText('faq')),
      context.queryClient.ensureQueryData(contentQueries.links('service-entry')),
    ])
    return { jsonLd: faqJsonLd(topics) }
  },
  head: ({ loaderData, match }) =>
    pageHead(match.context.site, {
      title: 'Häufige Fragen',
      description: 'Antworten auf häufige Fragen zu Buchung, Zahlung, Zustieg, Gepäck und Reiseversicherung.',
      // FAQPage structured data.
      jsonLd: loaderData ? [loaderData.jsonLd] : [],
    }),
  component: FaqPage,
})

/** schema.org FAQPage; answers are already sanitised HTML, which the format allows (serialised so that no text can end the script element). */
function faqJsonLd(topics: readonly FaqTopic[]): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: topics.flatMap((t) =>
      t.entries.map((e) => ({ '@type': 'Question', name: e.question, acceptedAnswer: { '@type': 'Answer', text: e.answer } })),
    ),
  }
  return serialiseJsonLd(data)
}

function FaqPage() {
  const { data: topics } = useSuspenseQuery(contentQueries.faq())
  const { data: intro } = useSuspenseQuery(contentQueries.fixedPageText('faq'))
  const { data: serviceEntries } = useSuspenseQuery(contentQueries.links('service-entry'))
  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: 'Häufige Fragen' }]} />
      <header className="page-header">
        <h1 className="page-title">{intro?.title ?? 'Häufige Fragen'}</h1>
        <p className="lead">
          {intro?.teaser || 'Die wichtigsten Antworten rund um Ihre Reise. Ihre Frage ist nicht dabei? Rufen Sie uns an.'}
        </p>
      </header>
      {intro?.body ? <div className="prose" dangerouslySetInnerHTML={{ __html: intro.body }} /> : null}
      {topics.length > 1 ? (
        <nav aria-label="Themen" className="faq-topics">
          <ul className="cluster">
            {topics.map((t) => (
              <li key={t.slug}>
                <a href={`#${t.slug}`}>{t.topic}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {topics.length === 0 ? <EmptyState title="Noch keine Fragen und Antworten" /> : null}
      {topics.map((t) => (
        <section key={t.slug} className="section section--tight faq-topic" aria-labelledby={t.slug}>
          <h2 id={t.slug}>{t.topic}</h2>
          {t.entries.map((entry) => (
            <details key={entry.id} className="faq-item">
              <summary className="faq-item__question">{entry.question}</summary>
              <div className="faq-item__answer prose" dangerouslySetInnerHTML={{ __html: entry.answer }} />
            </details>
          ))}
        </section>
      ))}
      <ContentLinks id="service-themen" title="Weitere Service-Informationen" kind="service-entry" links={serviceEntries} />
    </div>
  )
}
