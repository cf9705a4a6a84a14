import { useEffect, useState } from 'react'
import { Button } from '~/components/ui/Button'

function remaining(until: string | null, now: number): number {
  return until ? Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000)) : 0
}

/**
 * How long the chosen seats stay reserved. The clock itself is not a live region (it would speak
 * every second); a polite announcement comes at five minutes, at one minute and when it ends.
 */
export function HoldCountdown({ until, onExtend }: { until: string | null; onExtend: () => Promise<void> }) {
  const [extending, setExtending] = useState(false)
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    if (!until) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [until])
  if (!until) return null
  // Before hydration the page shows the end time, which needs no clock.
  const left = now === null ? null : remaining(until, now)
  const end = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' }).format(new Date(until))
  const minutes = left === null ? 0 : Math.floor(left / 60)
  const seconds = left === null ? 0 : left % 60
  const announcement =
    left === 0
      ? 'Die Reservierung Ihrer Sitzplätze ist abgelaufen.'
      : left !== null && left <= 60
        ? 'Ihre Sitzplätze sind noch höchstens eine Minute reserviert.'
        : left !== null && left <= 300
          ? 'Ihre Sitzplätze sind noch höchstens fünf Minuten reserviert. Sie können die Reservierung verlängern.'
          : ''
  return (
    <div className={`hold-countdown${left === 0 ? ' hold-countdown--expired' : ''}`}>
      {left === 0 ? (
        <p>
          Die Reservierung Ihrer Sitzplätze ist abgelaufen. Speichern Sie Ihre Auswahl erneut – sind die Plätze noch frei, reservieren wir
          sie wieder für Sie.
        </p>
      ) : (
        <p>
          Ihre Sitzplätze sind bis {end} Uhr für Sie reserviert
          {left !== null ? (
            <>
              {' '}
              (noch{' '}
              <span className="hold-countdown__clock">
                {minutes}:{String(seconds).padStart(2, '0')}
              </span>{' '}
              Minuten)
            </>
          ) : null}
          . Jede Eingabe verlängert die Reservierung (insgesamt bis zu einer Stunde).
        </p>
      )}
      {left !== null && left <= 300 ? (
        <p>
          <Button
            variant="secondary"
            size="small"
            busy={extending}
            onClick={() => {
              setExtending(true)
              void onExtend().finally(() => setExtending(false))
            }}
          >
            Reservierung verlängern
          </Button>
        </p>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  )
}
