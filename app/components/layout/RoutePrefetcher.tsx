import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { idleTurn, internalPaths, runLimited } from '~/lib/concurrency'
import type { Menu, MenuItem } from '~/lib/site'

/** Spec 9: "Manifest prefetch about 1 s after start; at most 5 route preloads in parallel." */
export const PREFETCH_DELAY_MS = 1000
export const MAX_PARALLEL_PRELOADS = 5

function flatten(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => [item.href, ...flatten(item.children ?? [])])
}

/**
 * No UI: about a second after start, loads the code of the main menu's pages (their route chunks),
 * not their data: the data is loaded on intent (a pointer over or focus on a link), and fetching
 * and decoding the data of twenty pages nobody asked for held the phone's main thread as the page
 * became interactive (DECISIONS, Performance).
 */
export function RoutePrefetcher({ menus }: { menus: readonly Menu[] }) {
  const router = useRouter()
  useEffect(() => {
    const main = menus.find((m) => m.key === 'main')
    if (!main) return
    const timer = setTimeout(() => {
      const pathnames = internalPaths(flatten(main.items)).map((path) => path.split(/[?#]/)[0] ?? path)
      void runLimited(
        pathnames.map((pathname) => async () => {
          // Each page's preload begins in an idle moment of its own: begun together, the five
          // inserted their modulepreload links in one task of 20–30 ms, after the page had loaded.
          await idleTurn()
          const [routes] = router.getMatchedRoutes(pathname)
          // A route without lazy parts has nothing to load (undefined).
          return Promise.all(routes.map((route) => router.loadRouteChunk(route) ?? Promise.resolve()))
        }),
        MAX_PARALLEL_PRELOADS,
      )
    }, PREFETCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [menus, router])
  return null
}
