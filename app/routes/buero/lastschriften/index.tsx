import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { SepaDebitsPage } from '~/components/office/SepaDebits'
import { pageHead } from '~/lib/head'
import { debitPeriodSearchSchema } from '~/lib/office/sepa-debits'
import { officeDebitsQuery } from '~/queries/office-debits'

/** `/buero/lastschriften/?von=…&bis=…`: the SEPA direct debits due in a period, their pre-notifications and files (issue 26, item 3). */
export const Route = createFileRoute('/buero/lastschriften/')({
  validateSearch: debitPeriodSearchSchema,
  loaderDeps: ({ search: { von, bis, q } }) => ({ von, bis, q }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(officeDebitsQuery(deps)),
  head: ({ match }) => pageHead(match.context.site, { title: 'Lastschriften · Büro', robots: 'noindex' }),
  component: DebitsRoute,
})

function DebitsRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const { data } = useQuery({ ...officeDebitsQuery({ von: search.von, bis: search.bis, q: search.q }), placeholderData: keepPreviousData })
  if (!data) return null
  return <SepaDebitsPage page={data} onFilter={(filter) => void navigate({ search: { von: filter.from, bis: filter.till, q: filter.query || undefined } })} />
}
