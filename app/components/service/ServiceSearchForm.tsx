// The search box of the service pages (Zustiegsstellen, Haustürtransfer, Partnerreisebüros): a GET
// form that works before the scripts load and, with them, navigates inside the app.
import { useState } from 'react'
import type { ReactNode } from 'react'
import { enhancedFormProps } from '~/browser/pre-hydration-forms'

/** The text in a search box that follows the URL: back and forward show what was searched there. */
export function useSearchText(fromUrl: string | undefined) {
  const [text, setText] = useState(fromUrl ?? '')
  // Follows the URL when it changes, in the render (an effect would also run at hydration and
  // overwrite what was typed before it, app/browser/pre-hydration-forms.ts).
  const [shownUrl, setShownUrl] = useState(fromUrl)
  if (fromUrl !== shownUrl) {
    setShownUrl(fromUrl)
    setText(fromUrl ?? '')
  }
  return [text, setText] as const
}

export type ServiceSearchFormProps = {
  /** The page itself, where the form sends its GET request without scripts. */
  action: string
  text: string
  /** With scripts: the trimmed text ('' for no search), for a typed navigation to the same page. */
  onSearch: (text: string) => void
  /** Leave the checking to the page (its own messages), not to the browser. */
  noValidate?: boolean
  children: ReactNode
}

export function ServiceSearchForm({ action, text, onSearch, noValidate = true, children }: ServiceSearchFormProps) {
  return (
    <form
      method="get"
      action={action}
      {...enhancedFormProps}
      className="service-search__form"
      noValidate={noValidate}
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(text.trim())
      }}
    >
      {children}
    </form>
  )
}
