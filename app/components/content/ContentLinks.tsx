import { Link } from '@tanstack/react-router'

export type ContentLinkItem = { id: number; slug: string; title: string; teaser: string }

export type ContentLinksProps = {
  id: string
  title: string
  /** Articles link to /article/{slug}/, service entries to /service-entry/{slug}/. */
  kind: 'article' | 'service-entry'
  links: readonly ContentLinkItem[]
}

/** A titled list of articles or service entries with their teasers; nothing when there are none. */
export function ContentLinks({ id, title, kind, links }: ContentLinksProps) {
  if (links.length === 0) return null
  return (
    <section className="section section--tight" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="link-list">
        {links.map((link) => (
          <li key={link.id}>
            {kind === 'article' ? (
              <Link to="/article/$article/" params={{ article: link.slug }}>
                {link.title}
              </Link>
            ) : (
              <Link to="/service-entry/$id/" params={{ id: link.slug }}>
                {link.title}
              </Link>
            )}
            {link.teaser ? <p className="text-muted">{link.teaser}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
