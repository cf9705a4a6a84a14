// The logged-in flag of spec 4 made visible: while agency user data is stored, a bar names the
// agency and offers the logout (which clears AgenturId and the token). A session whose token has
// expired is ended when the page opens, so that the login dialog can ask again.
import { useEffect } from 'react'
import { notify } from '~/components/notifications/notify'
import { Button } from '~/components/ui/Button'
import { isAgencySessionExpired } from '~/lib/agency-login'
import { endAgencySession, useAgencySession } from './agency-session'

export function AgencyBar() {
  const session = useAgencySession()

  useEffect(() => {
    if (!isAgencySessionExpired(session, Date.now())) return
    endAgencySession()
    notify({ id: 'agentur-login', message: 'Ihre Agentur-Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.', color: 'warning' })
  }, [session])

  if (!session.loggedIn) return null
  const name = session.user?.name ?? 'Ihr Reisebüro'
  return (
    <section className="agency-bar" aria-label="Agentur-Anmeldung">
      <p className="agency-bar__text">
        Angemeldet als Reisebüro: <strong>{name}</strong>. Sie buchen im Namen Ihrer Kundinnen und Kunden; die Buchungen werden Ihrer
        Agentur zugeordnet.
      </p>
      <Button
        variant="secondary"
        size="small"
        onClick={() => {
          endAgencySession()
          notify({ id: 'agentur-login', message: 'Sie sind als Reisebüro abgemeldet.', color: 'info' })
        }}
      >
        Abmelden
      </Button>
    </section>
  )
}
