import { useId } from 'react'
import { formatCopyright } from '~/lib/format'
import type { MenuItem, SiteInfo } from '~/lib/site'
import { AppLink } from '../ui/AppLink'

export type SiteFooterProps = {
  site: SiteInfo
  /** The 'footer' menu; empty on the error layout, whose menus may have failed to load. */
  footerItems: readonly MenuItem[]
}

export function SiteFooter({ site, footerItems }: SiteFooterProps) {
  const contactHeading = useId()
  const menuHeading = useId()
  const copyright = formatCopyright(site.copyright)
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__section" aria-labelledby={contactHeading}>
          <h2 id={contactHeading} className="site-footer__heading">
            Kontakt
          </h2>
          <address className="site-footer__address">
            <strong>{site.legalName}</strong>
            <br />
            {site.street}
            <br />
            {site.zip} {site.city}
          </address>
          <ul className="site-footer__contact">
            <li>
              Telefon: <a href={`tel:${site.phoneHref}`}>{site.phone}</a>
            </li>
            <li>
              E-Mail: <a href={`mailto:${site.email}`}>{site.email}</a>
            </li>
            {site.officeHours ? <li>Telefonisch erreichbar: {site.officeHours}</li> : null}
          </ul>
        </section>
        {footerItems.length > 0 ? (
          <nav className="site-footer__section" aria-labelledby={menuHeading}>
            <h2 id={menuHeading} className="site-footer__heading">
              Service und Informationen
            </h2>
            <ul className="site-footer__menu">
              {footerItems.map((item, index) => (
                <li key={`${index}-${item.href}-${item.label}`}>
                  <AppLink href={item.href}>{item.label}</AppLink>
                  {item.children && item.children.length > 0 ? (
                    <ul>
                      {item.children.map((child, childIndex) => (
                        <li key={`${childIndex}-${child.href}-${child.label}`}>
                          <AppLink href={child.href}>{child.label}</AppLink>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      {copyright ? (
        <div className="site-footer__bottom">
          <p className="container site-footer__copyright">{copyright}</p>
        </div>
      ) : null}
    </footer>
  )
}
