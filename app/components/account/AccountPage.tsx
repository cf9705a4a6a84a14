// The frame of the sign-in pages and Mein Konto: a heading that takes the focus on arrival, the
// server's answer in a live region, and the page's content.
import { Fragment, useEffect, useRef } from 'react'
import type { ReactNode } from 'react'
import { focusOnArrival } from '../ui/focus-on-arrival'
import { SignInAgain, failureMessage } from './signed-out'

/** `signIn`: the session has ended, the notice links to the sign-in. */
export type Notice = { tone: 'success' | 'error' | 'info'; text: string; signIn?: boolean } | null

/** Said when a form shows again what was typed and not sent (after Back, a reload, a new sign-in). */
export const UNSENT_INPUT_RESTORED = 'Ihre Eingaben von vorhin sind wieder eingetragen. Sie sind noch nicht gespeichert: Bitte senden Sie das Formular ab.'

/** The notice of a failed request: signed out meanwhile, or not reached. */
export function failureNotice(error: unknown): Notice {
  const { message, signIn } = failureMessage(error)
  return { tone: 'error', text: message, signIn }
}

/** A form's send whose failure becomes the form's notice instead of vanishing unseen. */
export function noticeOnFailure<V>(
  setNotice: (notice: Notice) => void,
  send: (submitted: { value: V }) => Promise<void>,
): (submitted: { value: V }) => Promise<void> {
  return async (submitted) => {
    try {
      await send(submitted)
    } catch (error) {
      setNotice(failureNotice(error))
    }
  }
}

/** `focusNotice: false` where the page moves the focus itself after a refusal (the sign-in: to the password). */
export function AccountPage({
  title,
  lead,
  notice,
  focusNotice = true,
  children,
}: {
  title: string
  lead?: ReactNode
  notice?: Notice
  focusNotice?: boolean
  children: ReactNode
}) {
  return (
    <div className="container section account-page">
      <header className="page-header">
        <h1 className="page-title" tabIndex={-1} ref={focusOnArrival}>
          {title}
        </h1>
        {lead ? <p className="lead">{lead}</p> : null}
      </header>
      <NoticeLine notice={notice ?? null} takeFocus={focusNotice} />
      {children}
    </div>
  )
}

/**
 * A live region that is always there, so that a screen reader reads what is put into it. A notice
 * that comes later (the answer to a send) takes the focus, which also scrolls it into view: it
 * stands above its form, on a phone often out of sight of the button that was pressed.
 */
export function NoticeLine({ notice, takeFocus = true }: { notice: Notice; takeFocus?: boolean }) {
  const shown = useRef<HTMLParagraphElement>(null)
  const first = useRef(true)
  // By its words, not the object: a page that writes its notice inline makes a new one each render,
  // which must not pull the focus back each time.
  const text = notice?.text
  useEffect(() => {
    if (!first.current && text && takeFocus) shown.current?.focus()
    first.current = false
  }, [text, takeFocus])
  return (
    <div className="account-page__notice" aria-live="polite">
      {notice ? (
        <p ref={shown} tabIndex={-1} className={`alert alert--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : undefined}>
          {notice.text}
          {notice.signIn ? (
            <>
              {' '}
              <SignInAgain />
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  )
}

/** The sign-in and registration pages for a customer who is signed in: who they are and the way on, instead of a form they do not need. */
export function AlreadySignedIn({ title, email, next }: { title: string; email: string; next: string }) {
  return (
    <AccountPage title={title}>
      <p>
        Sie sind bereits als{' '}
        <strong>
          <EmailText email={email} />
        </strong>{' '}
        angemeldet.
      </p>
      <p>
        <a href={next}>{next === '/konto/' ? 'Weiter zu Mein Konto' : 'Weiter zur vorherigen Seite'}</a>
      </p>
    </AccountPage>
  )
}

/** An e-mail address that a narrow screen breaks before its @ or after a dot, not inside a word. */
export function EmailText({ email }: { email: string }) {
  return email.split(/(?=@)|(?<=\.)/).map((part, i) => (
    <Fragment key={i}>
      {i ? <wbr /> : null}
      {part}
    </Fragment>
  ))
}
