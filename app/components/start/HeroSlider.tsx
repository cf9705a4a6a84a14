// The start page's slider: trips of the 'Slider…' category as an accessible carousel (WAI-ARIA APG
// pattern): previous/next buttons, a pause button, slides that change by themselves only every
// 8 s, never with prefers-reduced-motion, and never while the pointer or focus is inside.
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useState } from 'react'
import { formatDuration, formatPrice } from '~/lib/format'
import type { TripCardData } from '~/lib/trip-card'
import { ResponsiveImage } from '../ui/ResponsiveImage'

export const SLIDE_INTERVAL_MS = 8000

export function HeroSlider({ slides }: { slides: readonly TripCardData[] }) {
  const id = useId()
  const [index, setIndex] = useState(0)
  // Off on the server and in the first client render; switched on after mount unless the
  // visitor asked for reduced motion.
  const [playing, setPlaying] = useState(false)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const count = slides.length

  useEffect(() => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)')
    setPlaying(!reduce.matches)
    const onChange = () => {
      if (reduce.matches) setPlaying(false)
    }
    reduce.addEventListener('change', onChange)
    return () => reduce.removeEventListener('change', onChange)
  }, [])

  const rotating = playing && !hovered && !focused && count > 1
  useEffect(() => {
    if (!rotating) return
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), SLIDE_INTERVAL_MS)
    return () => window.clearInterval(timer)
  }, [rotating, count])

  if (count === 0) return null
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count)

  return (
    <section
      className="slider"
      aria-roledescription="Karussell"
      aria-label="Reiseempfehlungen"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocused(false)
      }}
    >
      {count > 1 ? (
        <div className="slider__controls">
          <button
            type="button"
            className="slider__button"
            onClick={() => setPlaying((p) => !p)}
            aria-label={playing ? 'Automatischen Wechsel anhalten' : 'Automatischen Wechsel starten'}
          >
            <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
          </button>
          <button type="button" className="slider__button" aria-controls={`${id}-slides`} aria-label="Vorherige Reise" onClick={() => go(-1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="slider__button" aria-controls={`${id}-slides`} aria-label="Nächste Reise" onClick={() => go(1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
      <div id={`${id}-slides`} className="slider__slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((trip, i) => (
          <div
            key={trip.id}
            className="slider__slide"
            role="group"
            aria-roledescription="Folie"
            aria-label={`${i + 1} von ${count}: ${trip.title}`}
            hidden={i !== index}
          >
            {trip.image ? (
              <div className="slider__media">
                <ResponsiveImage
                  src={trip.image.src}
                  alt={trip.image.alt}
                  width={trip.image.width}
                  height={trip.image.height}
                  sizes="(min-width: 960px) 55vw, 100vw"
                  priority={i === 0}
                />
              </div>
            ) : null}
            <div className="slider__caption">
              <p className="slider__title">
                <Link to="/reise/$id/" params={{ id: String(trip.id) }}>
                  {trip.title}
                </Link>
              </p>
              <p className="slider__meta">
                {formatDuration(trip.durationDays)}
                {trip.priceFrom !== null ? ` · ab ${formatPrice(trip.priceFrom)} p. P.` : null}
              </p>
            </div>
          </div>
        ))}
      </div>
    </section>
  )
}
