// The header: phone and office hours on every page (DESIGN 10), logo, Merkliste, search slot and
// the main navigation, which is a "Menü" panel on narrow screens.
import { Link, useRouterState } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import type { KeyboardEvent, ReactNode } from 'react'
import { formatTripCount } from '~/lib/format'
import type { MenuItem, SiteInfo } from '~/lib/site'
import { AccountLink } from '../account/AccountLink'
import { WishlistSync } from '../account/WishlistSync'
import { ClockIcon, HeartIcon, MenuIcon, PhoneIcon } from './icons'
import { Logo } from './Logo'
import { MainNav } from './MainNav'

export type SiteLayoutVariant = 'default' | 'start' | 'error'

export type SiteHeaderProps = {
  variant: SiteLayoutVariant
  site: SiteInfo
  mainItems: readonly MenuItem[]
  /** Trips on the Merkliste. */
  wishlistCount: number
  headerSearch?: ReactNode
}

/** ", 1 Reise" / ", 3 Reisen" / ", keine Reisen" for the Merkliste link's accessible name. */
export function wishlistCountText(count: number): string {
  if (count <= 0) return ', keine Reisen'
  return `, ${formatTripCount(count)}`
}

export function SiteHeader({ variant, site, mainItems, wishlistCount, headerSearch }: SiteHeaderProps) {
  const minimal = variant === 'error'
  return (
    <header className={`site-header site-header--${variant}`}>
      <div className="service-bar">
        <div className="container service-bar__inner">
          <a className="service-bar__phone" href={`tel:${site.phoneHref}`}>
            <PhoneIcon className="service-bar__icon" />
            <span className="service-bar__label">Beratung und Buchung: </span>
            <span className="service-bar__number">{site.phone}</span>
          </a>
          {site.officeHours ? (
            <p className="service-bar__hours">
              <ClockIcon className="service-bar__icon" />
              <span className="visually-hidden">Telefonisch erreichbar: </span>
              {site.officeHours}
            </p>
          ) : null}
        </div>
      </div>
      {minimal ? (
        <div className="container site-header__main">
          <Logo name={site.name} />
        </div>
      ) : (
        <FullHeader site={site} mainItems={mainItems} wishlistCount={wishlistCount} headerSearch={headerSearch} />
      )}
    </header>
  )
}

function FullHeader({
  site,
  mainItems,
  wishlistCount,
  headerSearch,
}: Omit<SiteHeaderProps, 'variant'>) {
  const panelId = useId()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const pathname = useRouterState({ select: (state) => state.location.pathname })

  // A new page closes the panel (also after back/forward, where no link in it was clicked).
  useEffect(() => {
    setMenuOpen(false)
  }, [pathname])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !menuOpen) return
    setMenuOpen(false)
    menuButton.current?.focus()
  }

  return (
    <div onKeyDown={onKeyDown}>
      <div className="container site-header__main">
        <Logo name={site.name} claim={site.claim} />
        <div className="site-header__tools">
          <AccountLink placement={mainItems.length > 0 ? 'bar' : 'bar-always'} />
          <WishlistSync />
          <Link
            to="/reiseuebersicht/merkliste/"
            className="header-tool header-wishlist"
            // One string: pieces in hidden spans would be read as "Merkliste , 3 Reisen".
            aria-label={`Merkliste${wishlistCountText(wishlistCount)}`}
          >
            <HeartIcon className="header-tool__icon" />
            <span className="header-tool__label">Merkliste</span>{' '}
            {wishlistCount > 0 ? (
              <span className="header-wishlist__count" aria-hidden="true">
                {wishlistCount}
              </span>
            ) : null}
          </Link>
          {mainItems.length > 0 ? (
            <button
              ref={menuButton}
              type="button"
              className="header-tool header-menu-button"
              aria-expanded={menuOpen}
              aria-controls={panelId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <MenuIcon open={menuOpen} className="header-tool__icon" />
              <span>Menü</span>
            </button>
          ) : null}
        </div>
        {headerSearch ? <div className="site-header__search">{headerSearch}</div> : null}
      </div>
      {mainItems.length > 0 ? (
        <div id={panelId} className={menuOpen ? 'site-header__nav site-header__nav--open' : 'site-header__nav'}>
          <div className="container">
            <AccountLink placement="panel" />
            <MainNav items={mainItems} onNavigate={() => setMenuOpen(false)} />
          </div>
        </div>
      ) : null}
    </div>
  )
}
