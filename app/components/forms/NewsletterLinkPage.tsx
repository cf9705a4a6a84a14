// The pages behind the newsletter mails' links: a heading, what the link does or did, and for a
// link that still has something to do a button that POSTs to the same address (a plain form, so
// it works without JavaScript; the server answers with a redirect back here).
import type { ReactNode } from 'react'
import { AppLink } from '~/components/ui/AppLink'
import { Breadcrumbs, crumb } from '~/components/ui/Breadcrumbs'

export type NewsletterLinkPageProps = {
  title: string
  tone: 'info' | 'success' | 'error'
  children: ReactNode
  /** The button that does what the link is for; absent once it is done or the link is invalid. */
  action?: { path: string; label: string }
}

export function NewsletterLinkPage({ title, tone, children, action }: NewsletterLinkPageProps) {
  return (
    <div className="container container--narrow section">
      <Breadcrumbs items={[crumb('Newsletter', { to: '/newsletter/' }), { label: title }]} />
      <header className="page-header">
        <h1 className="page-title">{title}</h1>
      </header>
      <div className={`alert alert--${tone}`} role={tone === 'info' ? undefined : 'status'}>
        {children}
      </div>
      {action ? (
        <form method="post" action={action.path} className="form-actions">
          <button type="submit" className="button button--primary">
            {action.label}
          </button>
        </form>
      ) : null}
      <p>
        <AppLink href="/">Zur Startseite</AppLink>
      </p>
    </div>
  )
}
