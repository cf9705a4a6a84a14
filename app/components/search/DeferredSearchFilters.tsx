// The search page's filter form, its code fetched when it is wanted. The form works as a plain GET
// form before its scripts run (SearchFilters), so its code (TanStack Form and the number and date
// inputs, a tenth of the page's JavaScript) need not come with the first load of the page: it is
// fetched when the visitor reaches for the form (pointer, touch, focus) or the page moves on, and
// React then hydrates the form where it stands and takes over what was typed or ticked meanwhile.
// When the page is opened inside the app (a link, the quick search) the code is fetched at once.
import { useRouter } from '@tanstack/react-router'
import { createIsomorphicFn } from '@tanstack/react-start'
import { lazy, Suspense, useEffect, useState } from 'react'
import type { ComponentType } from 'react'
import { resolvable } from '~/lib/resolvable'
import { SearchFilters as RenderedSearchFilters } from './SearchFilters'
import type { SearchFiltersProps } from './SearchFilters'

/**
 * What counts as reaching for the form: each comes before the click, keystroke or tap it leads to;
 * typing also counts, for a field focused before this script ran.
 */
const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin', 'keydown', 'input'] as const
/** The form SearchFilters renders (its class name). */
const FORM_SELECTOR = 'form.search-filters'
const SEARCH_PAGES = '/reiseuebersicht/search/'

const wanted = resolvable()

function onIntent(event: Event) {
  if (event.target instanceof Element && event.target.closest(FORM_SELECTOR)) wantFilters()
}

function wantFilters() {
  wanted.resolve()
  for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true)
}

if (!import.meta.env.SSR) {
  for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true })
  if (document.activeElement?.closest(FORM_SELECTOR)) wantFilters()
}

type FiltersModule = typeof import('./SearchFilters')
type FiltersComponent = ComponentType<SearchFiltersProps>
let loaded: FiltersModule | undefined
const arrived = resolvable()

/** Fetches the form's code; the search route awaits it before a page rendered in the app. */
export async function loadSearchFilters(): Promise<FiltersModule> {
  loaded = await import('./SearchFilters')
  arrived.resolve()
  return loaded
}

const LazySearchFilters = lazy(async () => {
  // The form in the page from the server waits for the visitor.
  if (document.querySelector(FORM_SELECTOR)) await wanted.promise
  try {
    return { default: (await loadSearchFilters()).SearchFilters }
  } catch {
    // Its code cannot be fetched: it stays the plain GET form it is.
    return new Promise<never>(() => {})
  }
})

// The form for a new mount. The server renders it at once (lazily, it would be streamed after the
// rest of the page and inserted by a script, moving the page as it arrives); in the browser the
// code is here for a page rendered in the app (the route awaited it) and comes later for the page
// from the server. The browser build has no trace of the server's choice.
const filtersForMount = createIsomorphicFn()
  .server((): FiltersComponent => RenderedSearchFilters)
  .client((): FiltersComponent => loaded?.SearchFilters ?? LazySearchFilters)

const deferred = (Filters: FiltersComponent, props: SearchFiltersProps) => (
  <Suspense fallback={null}>
    <Filters {...props} />
  </Suspense>
)

export function DeferredSearchFilters(props: SearchFiltersProps) {
  const router = useRouter()
  const [Filters] = useState(filtersForMount)
  const [here, setHere] = useState(Filters !== LazySearchFilters)
  // Until its code is here, the form is the server's HTML waiting to be hydrated, and React would
  // throw that away (and show nothing) if new values reached it: new data for the page, a navigation.
  // So it keeps the element it was first rendered with, and the values follow once the code is here.
  const [first] = useState(() => deferred(Filters, props))
  useEffect(() => {
    if (!here) void arrived.promise.then(() => setHere(true))
  }, [here])
  // New values (a chip, sorting, Back) want the form's code at the latest.
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', ({ toLocation }) => {
        if (toLocation.pathname.startsWith(SEARCH_PAGES)) wantFilters()
      }),
    [router],
  )
  return here ? deferred(Filters, props) : first
}
