// The frame of a hotel or ship page: the first photo beside the description and facts, the other
// photos below, then the trips (a `<TripList>`) as children.
import type { ReactNode } from 'react'
import type { ImageRefData } from '~/lib/image-ref'
import { Breadcrumbs } from '../ui/Breadcrumbs'
import type { BreadcrumbItem } from '../ui/Breadcrumbs'
import { ResponsiveImage } from '../ui/ResponsiveImage'
import { ImageGrid } from './ImageGrid'

export type DetailPageProps = {
  crumbs: readonly BreadcrumbItem[]
  /** The content of the page header: the `h1.page-title` and what stands around it. */
  header: ReactNode
  images: readonly ImageRefData[]
  /** Sanitised HTML. */
  description: string
  /** Facts beside the photo, after the description. */
  facts: ReactNode
  children: ReactNode
}

export function DetailPage({ crumbs, header, images, description, facts, children }: DetailPageProps) {
  const [hero, ...more] = images
  return (
    <div className="container section">
      <Breadcrumbs items={crumbs} />
      <header className="page-header">{header}</header>
      <div className="detail-layout">
        {hero ? (
          <div className="detail-layout__media">
            <ResponsiveImage src={hero.src} alt={hero.alt} width={hero.width} height={hero.height} sizes="(min-width: 960px) 50vw, 100vw" priority />
          </div>
        ) : null}
        <div className="detail-layout__text">
          {description ? <div className="prose" dangerouslySetInnerHTML={{ __html: description }} /> : null}
          {facts}
        </div>
      </div>
      {more.length ? (
        <section className="section section--tight" aria-labelledby="bilder">
          <h2 id="bilder">Bilder</h2>
          <ImageGrid images={more} />
        </section>
      ) : null}
      {children}
    </div>
  )
}
