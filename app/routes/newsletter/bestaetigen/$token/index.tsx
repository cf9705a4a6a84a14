import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { NewsletterLinkPage } from '~/components/forms/NewsletterLinkPage'
import { newsletterQueries } from '~/queries/newsletter'
import { confirmLinkPost } from '~/server/http/newsletter-links.server'
import { pageHead } from '~/lib/head'

/**
 * The double opt-in link of the confirmation mail. GET shows a button (a link scanner must not
 * confirm a sign-up on someone's behalf); its POST confirms and comes back here.
 */
export const Route = createFileRoute('/newsletter/bestaetigen/$token/')({
  server: {
    handlers: {
      POST: ({ params }) => confirmLinkPost(params.token),
    },
  },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(newsletterQueries.link(params.token)),
  head: ({ match }) => pageHead(match.context.site, { title: 'Newsletter-Anmeldung bestätigen', robots: 'noindex' }),
  component: ConfirmPage,
})

function ConfirmPage() {
  const { token } = Route.useParams()
  const { data: state } = useSuspenseQuery(newsletterQueries.link(token))
  if (state === 'pending') {
    return (
      <NewsletterLinkPage
        title="Newsletter-Anmeldung bestätigen"
        tone="info"
        action={{ path: `/newsletter/bestaetigen/${encodeURIComponent(token)}/`, label: 'Anmeldung bestätigen' }}
      >
        <p>Bitte bestätigen Sie mit dem Knopf unten, dass Sie unseren Newsletter an Ihre E-Mail-Adresse erhalten möchten.</p>
      </NewsletterLinkPage>
    )
  }
  if (state === 'confirmed') {
    return (
      <NewsletterLinkPage title="Anmeldung bestätigt" tone="success">
        <p>
          Vielen Dank! Ihre Anmeldung zum Newsletter ist bestätigt. Abbestellen können Sie ihn jederzeit über den Link in jeder Ausgabe.
        </p>
      </NewsletterLinkPage>
    )
  }
  return (
    <NewsletterLinkPage title="Link ungültig" tone="error">
      <p>
        Dieser Bestätigungslink ist ungültig oder abgelaufen. Melden Sie sich bitte auf der <Link to="/newsletter/">Newsletter-Seite</Link>{' '}
        erneut an; Sie erhalten dann einen neuen Link.
      </p>
    </NewsletterLinkPage>
  )
}
