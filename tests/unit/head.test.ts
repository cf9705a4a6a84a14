import { describe, expect, it } from 'vitest'
import { articleJsonLd, organizationJsonLd, pageHead, siteHead } from '~/lib/head'
import { titleOnPage } from '~/lib/paging'
import { DEFAULT_SITE_INFO } from '~/lib/site'

const site = { ...DEFAULT_SITE_INFO, name: 'Alpenblick Touristik', legalName: 'Alpenblick Touristik GmbH' }

describe('pageHead', () => {
  it('titles a page with its own words, then the configured operator, and describes it for link previews', () => {
    const head = pageHead(site, {
      title: ['Gardasee', 'Reiseimpressionen'],
      description: 'Bilder vom See.',
      image: 'https://x.example/a.jpg',
    })
    expect(head.meta).toEqual([
      { title: 'Gardasee – Reiseimpressionen – Alpenblick Touristik' },
      { name: 'description', content: 'Bilder vom See.' },
      { property: 'og:title', content: 'Gardasee' },
      { property: 'og:type', content: 'website' },
      { property: 'og:description', content: 'Bilder vom See.' },
      { property: 'og:image', content: 'https://x.example/a.jpg' },
    ])
    expect(head.links).toBeUndefined()
    expect(head.scripts).toBeUndefined()
  })

  it('a page that writes its own canonical address names it in the link and in og:url', () => {
    const head = pageHead(site, { title: 'Reise', canonical: 'https://x.example/reise/7/' })
    expect(head.links).toEqual([{ rel: 'canonical', href: 'https://x.example/reise/7/' }])
    expect(head.meta).toContainEqual({ property: 'og:url', content: 'https://x.example/reise/7/' })
  })

  it('a page kept out of search engines says so and offers no link preview', () => {
    const head = pageHead(site, { title: 'Merkliste', description: 'Ihre Reisen.', robots: 'noindex' })
    expect(head.meta).toContainEqual({ name: 'robots', content: 'noindex' })
    expect(head.meta.some((m) => 'property' in m)).toBe(false)
  })

  it('an article has its type and publication time; structured data goes into data blocks', () => {
    const head = pageHead(site, { title: 'Blog', article: { publishedTime: '2026-05-01' }, jsonLd: ['{"a":1}'] })
    expect(head.meta).toContainEqual({ property: 'og:type', content: 'article' })
    expect(head.meta).toContainEqual({ property: 'article:published_time', content: '2026-05-01' })
    expect(head.scripts).toEqual([{ type: 'application/ld+json', children: '{"a":1}' }])
  })

  it('a list page after the first names its page number', () => {
    expect(titleOnPage('Kundenstimmen', 1)).toBe('Kundenstimmen')
    expect(titleOnPage('Kundenstimmen', 3)).toBe('Kundenstimmen, Seite 3')
  })
})

describe('siteHead', () => {
  it('names the operator and the language on every page, and the canonical address where there is one', () => {
    expect(siteHead(site, null)).toEqual({
      meta: [
        { property: 'og:site_name', content: 'Alpenblick Touristik' },
        { property: 'og:locale', content: 'de_DE' },
      ],
    })
    const head = siteHead(site, 'https://x.example/faq/')
    expect(head.links).toEqual([{ rel: 'canonical', href: 'https://x.example/faq/' }])
    expect(head.meta).toContainEqual({ property: 'og:url', content: 'https://x.example/faq/' })
  })
})

describe('structured data', () => {
  it('the operator is the configured one, with its address on the configured origin', () => {
    expect(organizationJsonLd(site, 'https://x.example')).toMatchObject({
      '@type': 'TravelAgency',
      name: 'Alpenblick Touristik GmbH',
      url: 'https://x.example/',
      address: { postalCode: site.zip, addressLocality: site.city, addressCountry: 'DE' },
    })
  })

  it('an article names its publisher; a missing picture is left out', () => {
    const publisher = organizationJsonLd(site, 'https://x.example')
    const data = articleJsonLd(
      { headline: 'Neu', description: 'Kurz', url: 'https://x.example/blog/detail/neu', image: null, published: '2026-05-01' },
      publisher,
    )
    expect(data).toMatchObject({ '@type': 'BlogPosting', headline: 'Neu', datePublished: '2026-05-01', publisher })
    expect(data).not.toHaveProperty('image')
  })
})
