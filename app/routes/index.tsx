import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { filterMainCategories } from '~/lib/categories'
import { initDataQuery, siteInfoQuery } from '~/queries/shell'
import { clearServerCache } from '~/server/shell.functions'

export const Route = createFileRoute('/')({
  staticData: { layout: 'start' },
  validateSearch: z.object({ debug: z.string().max(200).optional().catch(undefined) }),
  loaderDeps: ({ search }) => ({ debug: search.debug }),
  loader: async ({ context, deps }) => {
    // Spec 2: a debug parameter on the front page clears the server cache and reloads data.
    if (deps.debug !== undefined) {
      const { cleared } = await clearServerCache({ data: { token: deps.debug } })
      if (cleared) await context.queryClient.invalidateQueries()
    }
    await context.queryClient.ensureQueryData(initDataQuery())
  },
  component: StartPage,
})

function StartPage() {
  const { data: initData } = useSuspenseQuery(initDataQuery())
  const { data: site } = useSuspenseQuery(siteInfoQuery())
  const categories = filterMainCategories(initData.categories)
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>{site.claim}</h1>
          <p className="lead">Busreisen, Flugreisen, Kreuzfahrten und Hotels – persönlich beraten von {site.name}.</p>
        </div>
      </section>
      <section className="container section" aria-labelledby="kategorien">
        <h2 id="kategorien">Unsere Reisearten</h2>
        <ul className="card-grid">
          {categories.map((c) => (
            <li key={c.id} className="card">
              <a href={`/reiseuebersicht/${c.slug}/`}>{c.name}</a>
              <span> ({c.journeys} Reisen)</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
