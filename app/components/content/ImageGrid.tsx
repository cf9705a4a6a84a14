import type { ReactNode } from 'react'
import type { ImageRefData } from '~/lib/image-ref'
import { ResponsiveImage } from '../ui/ResponsiveImage'
import { VisuallyHidden } from '../ui/VisuallyHidden'

export type ImageGridProps = {
  images: readonly ImageRefData[]
  /** Shown under each picture (e.g. a link to its trip); none by default, the alt text already describes it. */
  caption?: (image: ImageRefData, index: number) => ReactNode
  /** Eager loading for the first pictures when the grid is the page's main content. */
  priorityCount?: number
}

/**
 * Photos as a grid; each opens in full size. A plain link instead of a lightbox: it works without
 * JavaScript, with every zoom and screen reader, and the browser's back button closes it.
 */
export function ImageGrid({ images, caption, priorityCount = 0 }: ImageGridProps) {
  return (
    <ul className="image-grid">
      {images.map((image, index) => (
        <li key={`${index}-${image.src}`} className="image-grid__item">
          <figure className="image-grid__figure">
            <a href={image.src} className="image-grid__link">
              <ResponsiveImage
                src={image.src}
                alt={image.alt}
                width={image.width}
                height={image.height}
                sizes="(min-width: 960px) 33vw, (min-width: 600px) 50vw, 100vw"
                priority={index < priorityCount}
              />
              <VisuallyHidden> (Bild in voller Größe öffnen)</VisuallyHidden>
            </a>
            {caption ? <figcaption className="image-grid__caption">{caption(image, index)}</figcaption> : null}
          </figure>
        </li>
      ))}
    </ul>
  )
}
