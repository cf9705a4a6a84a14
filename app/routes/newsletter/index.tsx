import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { NewsletterForm } from '~/components/forms/NewsletterForm'
import { Breadcrumbs, crumb } from '~/components/ui/Breadcrumbs'
import { contentQueries } from '~/queries/content'
import { pageHead } from '~/lib/head'

/**
 * Spec 2 /newsletter: the sign-up page. Submitting stores a pending subscription and sends the
 * double opt-in mail, whose link leads to /newsletter/bestaetigen/{token}/.
 */
export const Route = createFileRoute('/newsletter/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(contentQueries.fixedPageText('newsletter')),
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: 'Newsletter',
      description:
        'Neue Reiseideen, Frühbucherangebote und freie Plätze einmal im Monat per E-Mail – kostenlos und jederzeit abbestellbar.',
    }),
  component: NewsletterPage,
})

function NewsletterPage() {
  const { data: text } = useSuspenseQuery(contentQueries.fixedPageText('newsletter'))
  return (
    <div className="container container--narrow section">
      <Breadcrumbs items={[crumb('Service', { to: '/service/' }), { label: 'Newsletter' }]} />
      <header className="page-header">
        <h1 className="page-title">Newsletter</h1>
        <p className="lead">{text?.teaser || 'Reiseideen und Angebote per E-Mail.'}</p>
      </header>
      {text?.body ? <div className="prose" dangerouslySetInnerHTML={{ __html: text.body }} /> : null}
      <NewsletterForm />
    </div>
  )
}
