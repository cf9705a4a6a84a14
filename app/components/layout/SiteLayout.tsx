// The page frame of spec 2's layouts: 'default', 'start' (the front page, header in the hero's
// colours) and 'error' (logo, phone and contact only, since the menus may have failed to load).
import type { MouseEvent, ReactNode } from 'react'
import type { Menu, MenuItem, SiteInfo } from '~/lib/site'
import { SiteFooter } from './SiteFooter'
import { SiteHeader } from './SiteHeader'
import type { SiteLayoutVariant } from './SiteHeader'
import { themeStyle } from './theme'

export type { SiteLayoutVariant } from './SiteHeader'

export const MAIN_CONTENT_ID = 'inhalt'

export type SiteLayoutProps = {
  variant?: SiteLayoutVariant
  site: SiteInfo
  menus?: readonly Menu[]
  /** Trips on the Merkliste; the error layout, which shows no Merkliste link, leaves it out. */
  wishlistCount?: number
  /** The header's search form (the search feature renders it). */
  headerSearch?: ReactNode
  children: ReactNode
}

const NO_ITEMS: readonly MenuItem[] = []

function menuItems(menus: readonly Menu[], key: string): readonly MenuItem[] {
  return menus.find((menu) => menu.key === key)?.items ?? NO_ITEMS
}

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID)
  if (!main) return
  // Focus instead of a '#inhalt' hash change: the router would treat the hash as a navigation.
  event.preventDefault()
  main.focus()
}

export function SiteLayout({ variant = 'default', site, menus = [], wishlistCount = 0, headerSearch, children }: SiteLayoutProps) {
  const isError = variant === 'error'
  return (
    <div className={`site-layout site-layout--${variant}`} style={themeStyle(site.colors)}>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skipToContent}>
        Zum Inhalt springen
      </a>
      <SiteHeader
        variant={variant}
        site={site}
        mainItems={isError ? NO_ITEMS : menuItems(menus, 'main')}
        wishlistCount={wishlistCount}
        headerSearch={isError ? undefined : headerSearch}
      />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="site-main">
        {children}
      </main>
      <SiteFooter site={site} footerItems={isError ? NO_ITEMS : menuItems(menus, 'footer')} />
    </div>
  )
}
