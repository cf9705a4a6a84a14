// The frame of the sign-in pages and Mein Konto: a heading that takes the focus on arrival, the
// server's answer in a live region, and the page's content.
import type { ReactNode } from 'react'
import { focusOnArrival } from '../ui/focus-on-arrival'

export type Notice = { tone: 'success' | 'error' | 'info'; text: string } | null

export function AccountPage({ title, lead, notice, children }: { title: string; lead?: ReactNode; notice?: Notice; children: ReactNode }) {
  return (
    <div className="container section account-page">
      <header className="page-header">
        <h1 className="page-title" tabIndex={-1} ref={focusOnArrival}>
          {title}
        </h1>
        {lead ? <p className="lead">{lead}</p> : null}
      </header>
      <NoticeLine notice={notice ?? null} />
      {children}
    </div>
  )
}

/** A live region that is always there, so that a screen reader reads what is put into it. */
export function NoticeLine({ notice }: { notice: Notice }) {
  return (
    <div className="account-page__notice" aria-live="polite">
      {notice ? (
        <p className={`alert alert--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : undefined}>
          {notice.text}
        </p>
      ) : null}
    </div>
  )
}
