import { useQueryClient } from '@tanstack/react-query'
import { Link, Outlet, createFileRoute, redirect, useRouter } from '@tanstack/react-router'
import { useOneAtATime } from '~/components/ui/use-one-at-a-time'
import { Button } from '~/components/ui/Button'
import { appFormProps } from '~/browser/pre-hydration-forms'
import { accountReturnPath } from '~/lib/account/auth'
import { accountStateQuery } from '~/queries/account'
import { signOutCustomer } from '~/server/account.functions'

/**
 * Mein Konto (DESIGN 13): every page below needs a signed-in customer (checked on the server again
 * by every account function); without one the sign-in page opens and comes back here.
 */
export const Route = createFileRoute('/konto')({
  beforeLoad: async ({ context, location }) => {
    const state = await context.queryClient.fetchQuery({ ...accountStateQuery(), staleTime: 0 })
    if (!state.signedIn) throw redirect({ to: '/anmelden/', search: { weiter: accountReturnPath(location.href) } })
    return { customer: state }
  },
  component: AccountLayout,
})

function AccountLayout() {
  const router = useRouter()
  const queryClient = useQueryClient()
  const signOut = useOneAtATime()
  const signOutNow = () =>
    signOut.run(async () => {
      await signOutCustomer()
      queryClient.removeQueries({ queryKey: ['account'] })
      await router.navigate({ to: '/' })
    })
  return (
    <div className="account">
      <div className="account__bar">
        <nav aria-label="Mein Konto" className="account__nav container">
          <ul>
            <li>
              <Link to="/konto/" activeOptions={{ exact: true }}>
                Übersicht
              </Link>
            </li>
            <li>
              <Link to="/konto/buchungen/">Meine Buchungen</Link>
            </li>
            <li>
              <Link to="/konto/daten/">Meine Daten</Link>
            </li>
          </ul>
          {/* A form: a click before the page's code has run is held and sent once it has (appFormProps). */}
          <form
            {...appFormProps}
            onSubmit={(event) => {
              event.preventDefault()
              void signOutNow()
            }}
          >
            <Button type="submit" variant="secondary" size="small" busy={signOut.busy}>
              Abmelden
            </Button>
          </form>
        </nav>
      </div>
      <Outlet />
    </div>
  )
}
