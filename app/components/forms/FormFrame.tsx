// What every form of the site shares around its fields: sending with the server's answer, the
// error summary and message that take focus after a failed submit, the no-script note, the
// honeypot, the privacy note, the submit button, and the confirmation that replaces the form.
import { useSelector } from '@tanstack/react-form'
import { useEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { ErrorSummary, Honeypot, RequiredNote } from './fields'
import type { SummaryItem } from './fields'
import { ServerFieldErrorsContext, SubmitButton, useFormContext } from './form-hook'
import { appFormProps } from '~/browser/pre-hydration-forms'

export const SEND_FAILED =
  'Ihre Angaben konnten gerade nicht gesendet werden. Bitte versuchen Sie es in einigen Minuten erneut oder rufen Sie uns an.'

/** The server's answer to a submission: a confirmation, or a message with the field errors it found. */
export type SubmitAnswer = { ok: true; message: string } | { ok: false; message: string; errors: Record<string, string> }

export type Submission = ReturnType<typeof useSubmission>

/** The state of one form's submission; `send` is called from TanStack Form's onSubmit. */
export function useSubmission() {
  const [honeypot, setHoneypot] = useState('')
  const [confirmation, setConfirmation] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [showSummary, setShowSummary] = useState(false)

  const send = async (request: () => Promise<SubmitAnswer>) => {
    setFailure(null)
    try {
      const answer = await request()
      if (answer.ok) {
        setConfirmation(answer.message)
        return
      }
      setServerErrors(answer.errors)
      setShowSummary(Object.keys(answer.errors).length > 0)
      setFailure(answer.message)
    } catch {
      setFailure(SEND_FAILED)
    }
  }

  /** A field the visitor changes no longer shows what the server said about its old value. */
  const dropServerError = (name: string) => {
    if (serverErrors[name]) setServerErrors(({ [name]: _dropped, ...rest }) => rest)
  }

  return {
    honeypot,
    setHoneypot,
    confirmation,
    failure,
    serverErrors,
    showSummary,
    send,
    dropServerError,
    onSubmitInvalid: () => setShowSummary(true),
  }
}

export type FormFrameProps = {
  submission: Submission
  summary: readonly SummaryItem[]
  className: string
  /** The form's accessible name, given directly or by the id of its heading. */
  label: { 'aria-label': string } | { 'aria-labelledby': string }
  /** Shown above the error summary, e.g. the form's own heading. */
  heading?: ReactNode
  /** Prefix of the field ids, also for the honeypot's. */
  idPrefix: string
  privacyNote: ReactNode
  submitLabel: string
  children: ReactNode
}

/** Rendered inside the form's `<form.AppForm>`: it sends that form and shows its state. */
export function FormFrame({
  submission,
  summary,
  className,
  label,
  heading,
  idPrefix,
  privacyNote,
  submitLabel,
  children,
}: FormFrameProps) {
  const { showSummary, failure } = submission
  const form = useFormContext()
  const submissionAttempts = useSelector(form.store, (state) => state.submissionAttempts)
  const summaryRef = useRef<HTMLHeadingElement>(null)
  const failureRef = useRef<HTMLParagraphElement>(null)

  // After each failed submit the summary takes focus, so that keyboard and screen-reader users
  // hear what is wrong.
  useEffect(() => {
    if (showSummary && submissionAttempts > 0) summaryRef.current?.focus()
  }, [showSummary, submissionAttempts])
  useEffect(() => {
    if (failure) failureRef.current?.focus()
  }, [failure])

  return (
    <form
      className={className}
      noValidate
      {...appFormProps}
      {...label}
      onSubmit={(event) => {
        event.preventDefault()
        event.stopPropagation()
        void form.handleSubmit()
      }}
    >
      {heading}
      {showSummary ? <ErrorSummary items={summary} headingRef={summaryRef} /> : null}
      {failure && summary.length === 0 ? (
        <p className="alert alert--error" role="alert" tabIndex={-1} ref={failureRef}>
          {failure}
        </p>
      ) : null}
      <noscript>
        <p className="alert alert--warning">
          Zum Absenden dieses Formulars braucht Ihr Browser JavaScript. Sie erreichen uns auch telefonisch oder per E-Mail – die Angaben
          finden Sie unten auf der Seite.
        </p>
      </noscript>
      <RequiredNote />
      <ServerFieldErrorsContext value={{ errors: submission.serverErrors, drop: submission.dropServerError }}>{children}</ServerFieldErrorsContext>
      <Honeypot idPrefix={idPrefix} value={submission.honeypot} onChange={submission.setHoneypot} />
      <p className="field__hint">{privacyNote}</p>
      <div className="form-actions">
        <SubmitButton>{submitLabel}</SubmitButton>
      </div>
    </form>
  )
}

/** Replaces the form once it is sent; its heading takes focus, so that the thanks are heard. */
export function FormConfirmation({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    headingRef.current?.focus()
  }, [])
  return (
    <div className="alert alert--success form-confirmation" role="status">
      <h2 ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      <p>{message}</p>
      {children}
    </div>
  )
}
