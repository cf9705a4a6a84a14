import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { getGlobalStartContext } from '@tanstack/react-start'
import { ErrorPage } from './components/errors/ErrorPage'
import { NotFoundPage } from './components/errors/NotFoundPage'
import { nextTask } from './lib/concurrency'
import { adoptFormatsFromPage, formatsForThePage, formatsOfThisRequest } from './lib/format-memo'
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
     * boundary); 'frame' is the bare page inside the agency login dialog's frame; 'office' (on the
     * office's layout route, for every page below it) the staff's area with its own header.
     */
    layout?: 'default' | 'start' | 'frame' | 'office'
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

/** What the server adds to the router's state for the browser: the texts its render formatted. */
type Dehydrated = { formats: ReadableStream<string[]> }

/**
 * The texts the server's render formats (app/lib/format-memo.ts) are known once the render has
 * finished, after the router's state has been sent: they follow in a stream at the end of the HTML.
 */
function formatsForTheBrowser(router: { serverSsr?: { onRenderFinished: (listener: () => void) => void } }): Dehydrated {
  const record = formatsOfThisRequest()
  return {
    formats: new ReadableStream({
      start(controller) {
        if (!record || !router.serverSsr) return controller.close()
        router.serverSsr.onRenderFinished(() => {
          controller.enqueue(formatsForThePage(record))
          controller.close()
        })
      },
    }),
  }
}

/** Resolves in the task after the whole HTML has been parsed: every script in it has run. */
function htmlParsed(): Promise<void> {
  return new Promise((resolve) => {
    const next = () => setTimeout(resolve, 0)
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', next, { once: true })
    else next()
  })
}

/**
 * Hydration waits for the texts. The app is fetched after the first paint, so the HTML has mostly
 * arrived by then; a page whose HTML ended without them is hydrated without, and formats itself.
 */
async function adoptFormats({ formats }: Dehydrated): Promise<void> {
  // The router has just been built, in this task; its hydration goes on in the next (app/hydrate.ts).
  await nextTask()
  try {
    const first = await Promise.race([formats.getReader().read(), htmlParsed()])
    if (first?.value) adoptFormatsFromPage(first.value)
  } catch {
    // Without them, the browser formats the texts itself.
  }
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
    dehydrate: (): Dehydrated => formatsForTheBrowser(router),
    hydrate: adoptFormats,
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}
