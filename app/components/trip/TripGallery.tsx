import { useId, useState } from 'react'
import type { ImageRefData } from '~/lib/image-ref'
import { ResponsiveImage } from '../ui/ResponsiveImage'

/**
 * The trip's pictures: one large image (loaded first, with priority) and the others as thumbnail
 * buttons that show them large. The caption repeats the alt text, so sighted and screen-reader
 * users learn the same about the picture.
 */
export function TripGallery({ images, title }: { images: readonly ImageRefData[]; title: string }) {
  const id = useId()
  const [current, setCurrent] = useState(0)
  const shown = images[current] ?? images[0]
  if (!shown) return null
  return (
    <div className="gallery">
      <figure className="gallery__main" id={`${id}-main`} aria-live="polite">
        <ResponsiveImage
          src={shown.src}
          alt={shown.alt || title}
          width={shown.width}
          height={shown.height}
          sizes="(min-width: 1280px) 760px, (min-width: 960px) 60vw, 100vw"
          priority={current === 0}
        />
        {images.length > 1 ? (
          <figcaption className="gallery__caption">
            Bild {current + 1} von {images.length}
            {shown.alt ? `: ${shown.alt}` : null}
          </figcaption>
        ) : null}
      </figure>
      {images.length > 1 ? (
        <ul className="gallery__thumbs" aria-label="Weitere Bilder">
          {images.map((image, index) => (
            <li key={`${image.src}-${index}`}>
              <button
                type="button"
                className="gallery__thumb"
                aria-pressed={index === current}
                aria-controls={`${id}-main`}
                onClick={() => setCurrent(index)}
              >
                <ResponsiveImage src={image.src} alt={`Bild ${index + 1} groß anzeigen${image.alt ? `: ${image.alt}` : ''}`} width={120} height={80} sizes="120px" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
