import { useEffect, useState } from 'react'
import { Button } from '~/components/ui/Button'
import { formatTime, formatTimeLeft } from '~/lib/format'

/** The name of the button that renews the holds; the text after expiry names it as it is. */
const EXTEND_LABEL = 'Reservierung verlängern'

function remaining(until: string, now: number): number {
  return Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000))
}

/**
 * Seconds until `until`, by a clock that ticks each second; null before hydration and without
 * holds (the server's HTML shows the end time, which needs no clock).
 */
export function useSecondsLeft(until: string | null): number | null {
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    if (!until) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [until])
  return until && now !== null ? remaining(until, now) : null
}

/** "20:15": when the holds end, Berlin time. */
export function holdEnd(until: string): string {
  return formatTime(new Date(until))
}

/**
 * How long the chosen seats stay reserved. The clock itself is not a live region (it would speak
 * every second); a polite announcement comes at five minutes, at one minute and when it ends.
 */
export function HoldCountdown({ until, onExtend }: { until: string | null; onExtend: () => Promise<void> }) {
  const [extending, setExtending] = useState(false)
  const left = useSecondsLeft(until)
  if (!until) return null
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
          Die Reservierung Ihrer Sitzplätze ist abgelaufen. Mit „{EXTEND_LABEL}“ reservieren wir sie wieder für Sie, sofern sie noch frei
          sind.
        </p>
      ) : (
        <p>
          Ihre Sitzplätze sind bis {holdEnd(until)} Uhr für Sie reserviert
          {left !== null ? (
            <>
              {' '}
              (noch <span className="hold-countdown__clock">{formatTimeLeft(left)}</span>)
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
            {EXTEND_LABEL}
          </Button>
        </p>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  )
}
