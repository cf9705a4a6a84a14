// The search page's filter form, its code fetched when it is wanted. The form works as a plain GET
// form before its scripts run (SearchFilters), so its code (TanStack Form and the number and date
// inputs, a tenth of the page's JavaScript) need not come with the first load of the page: it is
// fetched when the visitor reaches for the form (pointer, touch, focus) or the page moves on, and
// React then hydrates the form where it stands and takes over what was typed or ticked meanwhile.
// When the page is opened inside the app (a link, the quick search) the code is fetched at once.
import { useRouter } from '@tanstack/react-router'
import { lazy, Suspense, useEffect } from 'react'
import type { SearchFiltersProps } from './SearchFilters'

/** What counts as reaching for the form: each comes before the click, keystroke or tap it leads to. */
const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const
/** The form SearchFilters renders (its class name). */
const FORM_SELECTOR = 'form.search-filters'

let want = () => {}
const wanted = new Promise<void>((resolve) => {
  want = resolve
})

function onIntent(event: Event) {
  if (event.target instanceof Element && event.target.closest(FORM_SELECTOR)) wantFilters()
}

function wantFilters() {
  want()
  for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true)
}

if (!import.meta.env.SSR) {
  for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true })
}

const SearchFilters = lazy(async () => {
  // The form in the page from the server waits for the visitor; one rendered in the app is fetched now.
  if (!import.meta.env.SSR && document.querySelector(FORM_SELECTOR)) await wanted
  const { SearchFilters } = await import('./SearchFilters')
  return { default: SearchFilters }
})

export function DeferredSearchFilters(props: SearchFiltersProps) {
  const router = useRouter()
  // A navigation (a chip, sorting, Back) gives the form new values, which React can only show once
  // it has hydrated the form: fetch its code then at the latest.
  useEffect(() => router.subscribe('onBeforeNavigate', wantFilters), [router])
  return (
    <Suspense fallback={null}>
      <SearchFilters {...props} />
    </Suspense>
  )
}
