import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { NewsletterLinkPage } from '~/components/forms/NewsletterLinkPage'
import { newsletterQueries } from '~/queries/newsletter'
import { unsubscribeLinkPost } from '~/server/http/newsletter-links.server'
import { pageHead } from '~/lib/head'

/**
 * The unsubscribe link of every newsletter mail and its List-Unsubscribe header. GET shows a
 * button; a POST unsubscribes without further question (RFC 8058 one-click from the mail program,
 * or the button, which comes back here).
 */
export const Route = createFileRoute('/newsletter/abmelden/$token/')({
  server: {
    handlers: {
      POST: ({ request, params }) => unsubscribeLinkPost(request, params.token),
    },
  },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(newsletterQueries.link(params.token)),
  head: ({ match }) => pageHead(match.context.site, { title: 'Newsletter abbestellen', robots: 'noindex' }),
  component: UnsubscribePage,
})

function UnsubscribePage() {
  const { token } = Route.useParams()
  const { data: state } = useSuspenseQuery(newsletterQueries.link(token))
  if (state === 'confirmed') {
    return (
      <NewsletterLinkPage
        title="Newsletter abbestellen"
        tone="info"
        action={{ path: `/newsletter/abmelden/${encodeURIComponent(token)}/`, label: 'Newsletter abbestellen' }}
      >
        <p>Möchten Sie unseren Newsletter nicht mehr erhalten? Ein Klick auf den Knopf unten genügt.</p>
      </NewsletterLinkPage>
    )
  }
  if (state === 'unsubscribed' || state === 'pending') {
    return (
      <NewsletterLinkPage title="Newsletter abbestellt" tone="success">
        <p>
          Sie erhalten unseren Newsletter nicht mehr. Wenn Sie es sich anders überlegen, können Sie ihn auf der{' '}
          <Link to="/newsletter/">Newsletter-Seite</Link> wieder bestellen.
        </p>
      </NewsletterLinkPage>
    )
  }
  return (
    <NewsletterLinkPage title="Link ungültig" tone="error">
      <p>Dieser Abmeldelink ist ungültig. Bitte nutzen Sie den Link aus einer aktuellen Newsletter-Ausgabe oder schreiben Sie uns.</p>
    </NewsletterLinkPage>
  )
}
