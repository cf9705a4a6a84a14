import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { TwoFactorPage } from '~/components/office/TwoFactorPage'
import { pageHead } from '~/lib/head'
import { twoFactorStateQuery } from '~/queries/office'

export const Route = createFileRoute('/buero/zwei-faktor/')({
  // After a sign-in with a backup code the page says so (the code is spent) and how many are left.
  validateSearch: z.object({ ersatzcode: z.optional(z.catch(z.optional(z.literal('verwendet')), undefined)) }),
  loader: ({ context }) => context.queryClient.ensureQueryData(twoFactorStateQuery()),
  head: ({ match }) => pageHead(match.context.site, { title: 'Anmeldung mit zwei Faktoren', robots: 'noindex' }),
  component: TwoFactorRoute,
})

function TwoFactorRoute() {
  const { office } = Route.useRouteContext()
  const { ersatzcode } = Route.useSearch()
  return <TwoFactorPage office={office} backupCodeUsed={ersatzcode === 'verwendet'} />
}
