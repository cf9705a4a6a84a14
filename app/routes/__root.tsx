/// <reference types="vite/client" />
import type { QueryClient } from '@tanstack/react-query'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Outlet, Scripts, createRootRouteWithContext, useMatches } from '@tanstack/react-router'
import type { AnyRouteMatch, ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { ReactNode } from 'react'
import { AgencyBar } from '~/components/agency/AgencyBar'
import { AgencyLoginGate } from '~/components/agency/AgencyLoginGate'
import { DocumentHead } from '~/components/layout/DocumentHead'
import { ErrorPage } from '~/components/errors/ErrorPage'
import { LoadingBar } from '~/components/layout/LoadingBar'
import { ReleaseWatcher } from '~/components/layout/ReleaseWatcher'
import { RoutePrefetcher } from '~/components/layout/RoutePrefetcher'
import { SiteLayout } from '~/components/layout/SiteLayout'
import { NotificationArea } from '~/components/notifications/NotificationArea'
import { QuickSearch } from '~/components/search/QuickSearch'
import { useWishlist } from '~/components/wishlist/useWishlist'
import { rememberReferrer, setLocaleCookie } from '~/lib/client-prefs'
import { DEFAULT_SITE_INFO, pageTitle } from '~/lib/site'
import { agencyLoginSettingsQuery } from '~/queries/agency-login'
import { initDataQuery, siteInfoQuery, siteOriginQuery } from '~/queries/shell'
import { canonicalUrl } from '~/lib/sitemap'
import appCss from '~/styles/app.css?url'
import bodyFont from '@fontsource-variable/atkinson-hyperlegible-next/files/atkinson-hyperlegible-next-latin-wght-normal.woff2?url'
import { siteHead } from '~/lib/head'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // The operator's identity (SITE_CONFIG_FILE) for every route's head: titles, descriptions, site name.
  beforeLoad: async ({ context }) => {
    const [site, origin] = await Promise.all([
      context.queryClient.ensureQueryData(siteInfoQuery()),
      context.queryClient.ensureQueryData(siteOriginQuery()),
    ])
    return { site, origin }
  },
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(initDataQuery()),
      context.queryClient.ensureQueryData(siteInfoQuery()),
      context.queryClient.ensureQueryData(agencyLoginSettingsQuery()),
    ])
  },
  head: ({ match, matches }) => {
    const site = siteHead(match.context.site, canonicalAddress(match.context.origin, matches.at(-1)))
    return {
      links: [
        // The body font is known before the stylesheet arrives (its face is font-display: optional, app.css).
        { rel: 'preload', href: bodyFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
        { rel: 'stylesheet', href: appCss },
        { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
        ...(site.links ?? []),
      ],
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { name: 'theme-color', content: match.context.site.colors.primary },
        // A page without a head of its own (an error page) still has a title.
        { title: pageTitle(match.context.site, match.context.site.claim) },
        ...site.meta,
      ],
    }
  },
  component: RootComponent,
  errorComponent: RootError,
})

/** Every page that rendered names its canonical address, unless its route writes it from its record. */
function canonicalAddress(origin: string, leaf: AnyRouteMatch | undefined): string | null {
  if (!leaf || leaf.status !== 'success' || leaf.staticData.canonical === 'own') return null
  return canonicalUrl(origin, leaf.pathname, leaf.search as Record<string, unknown>)
}

/** The page of an error no route caught: the operator's identity if it was loaded, else the default. */
function RootError(props: ErrorComponentProps) {
  const { data: site = DEFAULT_SITE_INFO } = useQuery({ ...siteInfoQuery(), enabled: false })
  return (
    <RootDocument>
      <SiteLayout variant="error" site={site} menus={[]}>
        <ErrorPage {...props} />
      </SiteLayout>
    </RootDocument>
  )
}

function RootComponent() {
  const { data: initData } = useSuspenseQuery(initDataQuery())
  const { data: site } = useSuspenseQuery(siteInfoQuery())
  const { data: agencyLogin } = useSuspenseQuery(agencyLoginSettingsQuery())
  // The office's layout route names its layout for every page below it.
  const layout = useMatches({
    select: (matches) => (matches.some((m) => m.staticData.layout === 'office') ? 'office' : (matches.at(-1)?.staticData.layout ?? 'default')),
  })
  const wishlist = useWishlist()

  useEffect(() => {
    rememberReferrer(window.location.search, window.localStorage)
    setLocaleCookie(document)
    // Marks the moment the page became interactive (browser tests wait for it before client navigations).
    document.documentElement.dataset.hydrated = 'true'
  }, [])

  // The agency login frame's own page: nothing around it, and no dialog inside the dialog. The
  // office has its own header and navigation (app/routes/buero/route.tsx).
  if (layout === 'frame' || layout === 'office') {
    return (
      <RootDocument>
        <Outlet />
      </RootDocument>
    )
  }

  return (
    <RootDocument>
      <AgencyBar />
      <SiteLayout variant={layout} site={site} menus={initData.menus} wishlistCount={wishlist.length} headerSearch={<QuickSearch />}>
        <Outlet />
      </SiteLayout>
      <RoutePrefetcher menus={initData.menus} />
      <AgencyLoginGate settings={agencyLogin} />
    </RootDocument>
  )
}

function RootDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="de">
      <head>
        <DocumentHead />
      </head>
      <body>
        <LoadingBar />
        {children}
        <NotificationArea />
        <ReleaseWatcher />
        <Scripts />
      </body>
    </html>
  )
}
