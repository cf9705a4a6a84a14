// Every page's head from one place: the title with the operator's name, the description, Open
// Graph, robots and structured data. The operator's identity comes from the root route's context
// (SITE_CONFIG_FILE), never from a route file. The canonical link of most pages is written by the
// root route from the page's address; routes that know a better one (a record's own path) pass it.
import type { SiteInfo } from './site'
import { pageTitle } from './site'
import { absoluteUrl } from './sitemap'

export type PageHeadInput = {
  /** The page's own words, most specific first; the operator's name follows. */
  title: string | readonly string[]
  description?: string
  /** Absolute URL of a route that writes its own canonical link (`staticData: { canonical: 'own' }`). */
  canonical?: string
  /** Absolute URL of the page's picture for link previews. */
  image?: string | null
  /** Pages that are no search result (personal, transactional, endless combinations). */
  robots?: 'noindex' | 'noindex, follow'
  /** Open Graph type; 'article' adds its publication time. */
  article?: { publishedTime: string }
  /** JSON-LD data blocks, already serialised with `serialiseJsonLd`. */
  jsonLd?: readonly string[]
}

type MetaTag = { title: string } | { name: string; content: string } | { property: string; content: string }

export type PageHead = {
  meta: MetaTag[]
  links?: { rel: string; href: string }[]
  scripts?: { type: string; children: string }[]
}

export function pageHead(site: Pick<SiteInfo, 'name'>, page: PageHeadInput): PageHead {
  const ownWords = typeof page.title === 'string' ? [page.title] : page.title
  const meta: MetaTag[] = [{ title: pageTitle(site, ...ownWords) }]
  if (page.description) meta.push({ name: 'description', content: page.description })
  if (page.robots) meta.push({ name: 'robots', content: page.robots })
  // Link previews (messengers, social networks) of pages meant to be shared.
  if (!page.robots) {
    meta.push(
      { property: 'og:title', content: ownWords[0] ?? site.name },
      { property: 'og:type', content: page.article ? 'article' : 'website' },
    )
    if (page.description) meta.push({ property: 'og:description', content: page.description })
    if (page.image) meta.push({ property: 'og:image', content: page.image })
    if (page.article) meta.push({ property: 'article:published_time', content: page.article.publishedTime })
  }
  if (page.canonical) meta.push({ property: 'og:url', content: page.canonical })
  return {
    meta,
    ...(page.canonical ? { links: [{ rel: 'canonical', href: page.canonical }] } : {}),
    // Data blocks, never executed: the nonce-based CSP does not apply to them, and '<' is escaped.
    ...(page.jsonLd?.length ? { scripts: page.jsonLd.map((children) => ({ type: 'application/ld+json', children })) } : {}),
  }
}

/** What every page says about the site: its name and language for link previews, its canonical address. */
export function siteHead(site: Pick<SiteInfo, 'name'>, canonical: string | null): PageHead {
  const meta: MetaTag[] = [
    { property: 'og:site_name', content: site.name },
    { property: 'og:locale', content: 'de_DE' },
  ]
  if (canonical === null) return { meta }
  meta.push({ property: 'og:url', content: canonical })
  return { meta, links: [{ rel: 'canonical', href: canonical }] }
}

/** The operator as schema.org knows it: the provider of every trip and the publisher of every article. */
export function organizationJsonLd(site: SiteInfo, origin: string): Record<string, unknown> {
  return {
    '@type': 'TravelAgency',
    name: site.legalName,
    url: absoluteUrl(origin, '/'),
    telephone: site.phone,
    email: site.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.street,
      postalCode: site.zip,
      addressLocality: site.city,
      addressCountry: 'DE',
    },
  }
}

/** schema.org BlogPosting: an article of the blog, published by the operator. */
export function articleJsonLd(
  article: { headline: string; description: string; url: string; image: string | null; published: string },
  publisher: Record<string, unknown>,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.headline,
    description: article.description,
    url: article.url,
    mainEntityOfPage: article.url,
    datePublished: article.published,
    ...(article.image ? { image: article.image } : {}),
    publisher,
  }
}

/**
 * JSON for a <script type="application/ld+json"> element. '<' is written as \u003c so that text
 * such as '</script>' or '<!--' in a title cannot end or change the element; '>' and '&' likewise,
 * and U+2028/U+2029 because older parsers treat them as line breaks. JSON.parse reads it back unchanged.
 */
export function serialiseJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
