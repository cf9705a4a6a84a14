import type { ErrorComponentProps } from '@tanstack/react-router'
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { reloadAfterChunkError } from '../layout/ReleaseWatcher'
import { buttonClassName } from '../ui/Button'

/** Spec 2/8: any other failure shows 'Internal Server Error' — never a stack trace. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  // Spec 4: a failed code-chunk load (e.g. after a new release) reloads the page, at most once per path in 10 s.
  useEffect(() => {
    reloadAfterChunkError(error)
  }, [error])
  return (
    <section className="container error-page" aria-labelledby="error-title">
      <h1 id="error-title" lang="en">
        Internal Server Error
      </h1>
      <p>Leider ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut oder rufen Sie uns an.</p>
      <p>
        <button
          type="button"
          className={buttonClassName()}
          onClick={() => {
            reset()
            void router.invalidate()
          }}
        >
          Erneut versuchen
        </button>
      </p>
    </section>
  )
}
