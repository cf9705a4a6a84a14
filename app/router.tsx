import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { getGlobalStartContext } from '@tanstack/react-start'
import { ErrorPage } from './components/errors/ErrorPage'
import { NotFoundPage } from './components/errors/NotFoundPage'
import './lib/zod-de'
import { routeTree } from './routeTree.gen'
import { createQueryClient } from './queries/query-client'

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
  interface StaticDataRouteOption {
    /**
     * Spec 2 layouts: 'start' for the front page, 'default' elsewhere ('error' is chosen by the error
     * boundary); 'frame' is the bare page inside the agency login dialog's frame.
     */
    layout?: 'default' | 'start' | 'frame'
    /** 'own': the route writes its canonical link itself (from its record); else the root writes it. */
    canonical?: 'own'
  }
}

/** The CSP nonce the server entry put into this request's context (none in the browser). */
function requestNonce(): string | undefined {
  // The registered request context does not survive Start's context type composition, so read it defensively.
  const context: unknown = getGlobalStartContext()
  return typeof context === 'object' && context !== null && 'nonce' in context && typeof context.nonce === 'string'
    ? context.nonce
    : undefined
}

export function getRouter() {
  // A fresh QueryClient per request on the server, one per tab in the browser.
  const onServer = typeof window === 'undefined'
  const queryClient = createQueryClient(onServer)
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // Spec 2: every page path ends with a slash; links are generated that way too.
    trailingSlash: 'always',
    // Spec 2: the search segment joins id lists with commas; keep them readable in the address bar.
    pathParamsAllowedCharacters: [','],
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    // The server entry puts a fresh CSP nonce into the request context; the browser needs none.
    ssr: { nonce: requestNonce() },
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}
