// Hydration, begun by the browser entry (app/client.tsx) once the server's HTML is on screen.
// TanStack Start's default entry (`<StartClient />`) evaluated all of the app's code in one task
// (the longest of a load) and built the router inside React's first render. Here each step has a
// task of its own, so that none is long (blocking time, DECISIONS: Performance):
//   1–3. the code, imported in three stages one after the other, each evaluated by the browser in a
//      task of its own: React (in the chunk of code the pages share, with the router's library and
//      the catalogue's code), React DOM, then the app (app/hydrate-app.ts: the router, the route
//      tree and what they import); the build gives each stage its own chunk (vite.config.ts);
//   4. the router's construction, 5. its hydration from the server's state (router.tsx begins that
//      in a task of its own), 6. React's hydration, which a transition splits into slices.
import { nextTask } from './lib/concurrency'

export async function hydrate(): Promise<void> {
  const { createElement, StrictMode, startTransition } = await import('react')
  await nextTask()
  const { hydrateRoot } = await import('react-dom/client')
  await nextTask()
  const { RouterProvider, hydrateStart } = await import('./hydrate-app')
  await nextTask()
  const router = await hydrateStart()
  await nextTask()
  startTransition(() => {
    hydrateRoot(document, createElement(StrictMode, null, createElement(RouterProvider, { router })))
  })
}
