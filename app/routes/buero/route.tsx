import { Link, Outlet, createFileRoute, redirect, useLocation, useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { officeReturnPath } from '~/lib/office/login'
import { officeSessionQuery } from '~/queries/office'
import { signOutStaff } from '~/server/office.functions'
import { Button } from '~/components/ui/Button'

/** The office's pages a visitor without a session may open. */
const OPEN_PAGES = new Set(['/buero/anmelden/', '/buero/passwort-vergessen/', '/buero/passwort-neu/'])
const TWO_FACTOR_SETUP = '/buero/zwei-faktor/'

/**
 * The operator's office (DESIGN 11): every page below needs a signed-in staff member (checked on
 * the server again by every office function); an admin without two-factor must turn it on first.
 */
export const Route = createFileRoute('/buero')({
  staticData: { layout: 'office' },
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.fetchQuery(officeSessionQuery())
    const path = location.pathname
    if (!session && !OPEN_PAGES.has(path)) {
      throw redirect({ to: '/buero/anmelden/', search: { weiter: officeReturnPath(location.href) } })
    }
    if (session?.mustSetUpTwoFactor && path !== TWO_FACTOR_SETUP) throw redirect({ to: TWO_FACTOR_SETUP })
    // Signed in already: the sign-in page has nothing to do.
    if (session && path === '/buero/anmelden/') throw redirect({ to: '/buero/' })
    return { office: session }
  },
  component: OfficeLayout,
  notFoundComponent: OfficeNotFound,
})

/** An office address that does not exist, or an admin's page opened by the office role (404). */
function OfficeNotFound() {
  return (
    <main id="inhalt" className="office__main" tabIndex={-1}>
      <h1 className="page-title">Diese Seite gibt es im Büro nicht</h1>
      <p>
        Die Adresse ist unbekannt, oder die Seite ist der Administration vorbehalten (zum Beispiel das Protokoll und die Mitarbeiterkonten). Wenn
        Sie sie brauchen, wenden Sie sich bitte an die Administration.
      </p>
      <p>
        <Link to="/buero/">Zur Übersicht des Büros</Link>
      </p>
    </main>
  )
}

function OfficeLayout() {
  const { office } = Route.useRouteContext()
  const { site } = Route.useRouteContext()
  const router = useRouter()
  const queryClient = useQueryClient()
  // On a phone the links are one row that scrolls sideways: the current page's link is scrolled
  // into the row's view, so the clerk sees where they are and that there is more beside it.
  const links = useRef<HTMLUListElement>(null)
  const pathname = useLocation({ select: (l) => l.pathname })
  useEffect(() => {
    const row = links.current
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!row || !current || row.scrollWidth <= row.clientWidth) return
    row.scrollLeft += current.getBoundingClientRect().left - row.getBoundingClientRect().left - (row.clientWidth - current.offsetWidth) / 2
  }, [pathname])
  return (
    <div className="office">
      <a className="skip-link" href="#inhalt">
        Zum Inhalt springen
      </a>
      <header className="office__header">
        <p className="office__brand">
          {site.name} · <span>Büro</span>
        </p>
        {office ? (
          <nav aria-label="Büro" className="office__nav">
            <ul ref={links}>
              {/* Until an admin has two factors on, nothing else opens: only that page is offered. */}
              {office.mustSetUpTwoFactor ? null : (
                <>
                <li>
                  <Link to="/buero/" activeOptions={{ exact: true }}>
                    Übersicht
                  </Link>
                </li>
                <li>
                  <Link to="/buero/buchungen/">Buchungen</Link>
                </li>
                <li>
                  <Link to="/buero/telefonbuchung/">Telefonbuchung</Link>
                </li>
                <li>
                  <Link to="/buero/termine/">Abfahrten</Link>
                </li>
                <li>
                  <Link to="/buero/kontoauszuege/">Kontoauszüge</Link>
                </li>
                <li>
                  <Link to="/buero/lastschriften/">Lastschriften</Link>
                </li>
                <li>
                  <Link to="/buero/mahnliste/">Mahnliste</Link>
                </li>
                {office.staff.role === 'admin' ? (
                  <>
                    <li>
                      <Link to="/buero/mitarbeiter/">Mitarbeiter</Link>
                    </li>
                    <li>
                      <Link to="/buero/protokoll/">Protokoll</Link>
                    </li>
                  </>
                ) : null}
                </>
              )}
              <li>
                <Link to="/buero/zwei-faktor/">Anmeldung mit zwei Faktoren</Link>
              </li>
            </ul>
            <p className="office__user">
              {office.staff.name} ({office.staff.role === 'admin' ? 'Administration' : 'Büro'})
            </p>
            <Button
              variant="secondary"
              size="small"
              onClick={async () => {
                await signOutStaff()
                queryClient.removeQueries({ queryKey: officeSessionQuery().queryKey })
                await router.navigate({ to: '/buero/anmelden/', search: {} })
              }}
            >
              Abmelden
            </Button>
          </nav>
        ) : null}
      </header>
      <main id="inhalt" className="office__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  )
}
