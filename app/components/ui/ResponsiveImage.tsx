import { preload } from 'react-dom'
import { isPassThroughSource, responsiveSources } from '~/lib/image-proxy'

export type ResponsiveImageProps = {
  src: string
  alt: string
  /** Intrinsic size: set on the element so the page does not shift while the image loads. */
  width: number
  height: number
  /** The CSS width the image takes, e.g. '(min-width: 960px) 33vw, 100vw'. */
  sizes?: string
  /** The first large image of a page: load eagerly with high priority. */
  priority?: boolean
  className?: string
}

/**
 * An image through the resizing proxy (webp, quality 70): a srcset of the allowed widths up to
 * the source's own (or twice the largest rendered) width, so the browser picks 1× or 2×.
 * Lazy unless it is the page's first large image, which is also preloaded.
 */
export function ResponsiveImage({ src, alt, width, height, sizes, priority = false, className }: ResponsiveImageProps) {
  // Without sizes the image is at most its own width and never wider than the viewport.
  const effectiveSizes = sizes ?? `(min-width: ${width}px) ${width}px, 100vw`
  const sources = isPassThroughSource(src) ? null : responsiveSources(src, width, effectiveSizes)

  if (priority && sources) {
    // React 19 hoists this into <head> during server rendering: the fetch starts before the
    // parser reaches the <img>.
    preload(sources.src, { as: 'image', imageSrcSet: sources.srcSet, imageSizes: effectiveSizes, fetchPriority: 'high' })
  }

  return (
    <img
      src={sources?.src ?? src}
      srcSet={sources?.srcSet}
      sizes={sources ? effectiveSizes : undefined}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
    />
  )
}
