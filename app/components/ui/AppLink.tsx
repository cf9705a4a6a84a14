import { Link } from '@tanstack/react-router'
import type { AnchorHTMLAttributes } from 'react'

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string }

/** Other sites, mail, phone and downloads leave the app; everything else is a router link. */
export function isExternalHref(href: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href)
}

// aria-current="page" only on the page itself: a breadcrumb or menu link to a parent section is
// not the current page (the router's default would mark every ancestor).
const EXACT = { exact: true } as const

/**
 * A link to an href that is only known at run time (menus and content links from the database):
 * a router `<Link>` for paths inside the site, a plain `<a>` for anything else.
 */
export function AppLink({ href, children, ...rest }: AppLinkProps) {
  if (isExternalHref(href) || href.startsWith('#')) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    )
  }
  return (
    <Link to={href} activeOptions={EXACT} {...rest}>
      {children}
    </Link>
  )
}
