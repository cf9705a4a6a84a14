// The two ends of an office action that is checked before it is done (a cancellation, a
// departure called off): the check with what the action will do, confirmed or abandoned, and the
// line that says what happened. Each takes the focus when it appears, so that keyboard and
// screen-reader users are where the page changed.
import { isNotFound } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/Button'
import { SERVER_CALL_MESSAGES } from '~/lib/validation-failure'

export type ActionOutcome = { kind: 'done' | 'refused'; message: string }

export const UNREACHABLE_MESSAGE = 'Die Anfrage hat den Server nicht erreicht. Bitte versuchen Sie es noch einmal.'

/** Every office function answers a request without a session as a page that does not exist (404). */
export const OFFICE_SIGNED_OUT_MESSAGE =
  'Sie sind im Büro nicht mehr angemeldet, zum Beispiel weil Sie sich in einem anderen Fenster abgemeldet haben. Bitte melden Sie sich in einem neuen Tab erneut an; Ihre Eingaben auf dieser Seite bleiben erhalten.'

/**
 * What a failed office action says: signed out (the session ended), the server's own sentence when
 * it failed there (app/start.ts), or that the request did not get through.
 */
export function officeFailureMessage(error: unknown): string {
  if (isNotFound(error)) return OFFICE_SIGNED_OUT_MESSAGE
  return error instanceof Error && error.message === SERVER_CALL_MESSAGES.failed ? error.message : UNREACHABLE_MESSAGE
}

/**
 * Where the focus goes as the action's steps come and go: `focusRef` marks what appears next (a
 * check's heading, an outcome line), focused whenever `shown` changes to something; when a check is
 * abandoned (`shown` back to nothing), the focus returns to the first button of the section
 * (`sectionRef`), the one that opened it, instead of falling to the page's start.
 */
export function useFocusOnShow(shown: unknown) {
  const target = useRef<HTMLElement | null>(null)
  const section = useRef<HTMLElement | null>(null)
  const before = useRef(shown)
  useEffect(() => {
    if (shown) target.current?.focus()
    else if (before.current) section.current?.querySelector<HTMLElement>('button')?.focus()
    before.current = shown
  }, [shown])
  return {
    focusRef: (element: HTMLElement | null) => void (target.current = element),
    sectionRef: (element: HTMLElement | null) => void (section.current = element),
  }
}

export function ActionCheck({
  id,
  title,
  confirmLabel,
  cancelLabel = 'Abbrechen',
  headingLevel = 3,
  busy,
  onConfirm,
  onCancel,
  focusRef,
  children,
}: {
  id: string
  title: string
  confirmLabel: string
  cancelLabel?: string
  /** The check's heading: one level below the section it stands in. */
  headingLevel?: 3 | 4
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
  focusRef: (element: HTMLElement | null) => void
  children: ReactNode
}) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3'
  return (
    <div className="office-change__preview" role="region" aria-labelledby={`${id}-pruefen`}>
      <Heading id={`${id}-pruefen`} tabIndex={-1} ref={focusRef}>
        {title}
      </Heading>
      {children}
      <div className="office-change__actions">
        <Button size="normal" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button size="normal" variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </div>
  )
}

/** `children`: what may follow the message (a link to go on). */
export function ActionOutcomeLine({ outcome, focusRef, children }: { outcome: ActionOutcome; focusRef: (element: HTMLElement | null) => void; children?: ReactNode }) {
  return (
    <p
      tabIndex={-1}
      ref={focusRef}
      role={outcome.kind === 'refused' ? 'alert' : 'status'}
      className={outcome.kind === 'refused' ? 'office-change__refused' : 'office-change__saved'}
    >
      {outcome.message}
      {children ? <> {children}</> : null}
    </p>
  )
}
