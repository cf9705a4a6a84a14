import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { NewStaffForm, StaffTable } from '~/components/office/StaffAccounts'
import { pageHead } from '~/lib/head'
import { staffListQuery } from '~/queries/office-staff'

/**
 * `/buero/mitarbeiter/`: the staff accounts, for admins (issue 42): who may sign in, with which
 * role and since when not; deactivate, reactivate, reset the two factors, make a new account.
 */
export const Route = createFileRoute('/buero/mitarbeiter/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(staffListQuery()),
  head: ({ match }) => pageHead(match.context.site, { title: ['Mitarbeiter', 'Büro'], robots: 'noindex' }),
  component: StaffPage,
})

function StaffPage() {
  const { office } = Route.useRouteContext()
  const { data: staff } = useSuspenseQuery(staffListQuery())
  return (
    <article aria-labelledby="mitarbeiter-titel">
      <h1 id="mitarbeiter-titel" className="page-title">
        Mitarbeiter
      </h1>
      <p className="no-print">
        Ein deaktiviertes Konto kann sich nicht mehr anmelden; seine Sitzungen enden sofort. Die Einträge im Protokoll bleiben erhalten.
      </p>
      <StaffTable staff={staff} selfId={office?.staff.id} />
      <NewStaffForm />
    </article>
  )
}
