import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { internalPaths, runLimited } from '~/lib/concurrency'
import type { Menu, MenuItem } from '~/lib/site'

/** Spec 9: "Manifest prefetch about 1 s after start; at most 5 route preloads in parallel." */
export const PREFETCH_DELAY_MS = 1000
export const MAX_PARALLEL_PRELOADS = 5

function flatten(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => [item.href, ...flatten(item.children ?? [])])
}

/** No UI: about a second after start, preloads the code and data of the main menu's pages. */
export function RoutePrefetcher({ menus }: { menus: readonly Menu[] }) {
  const router = useRouter()
  useEffect(() => {
    const main = menus.find((m) => m.key === 'main')
    if (!main) return
    const timer = setTimeout(() => {
      const paths = internalPaths(flatten(main.items))
      void runLimited(
        paths.map((to) => () => router.preloadRoute({ to })),
        MAX_PARALLEL_PRELOADS,
      )
    }, PREFETCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [menus, router])
  return null
}
