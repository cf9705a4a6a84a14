// The quick search in the header of every page: words (with suggestions) and "Suchen". A plain GET
// form to /reiseuebersicht/search/?q=… (redirected to the search URL) until the scripts run.
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { Button } from '~/components/ui/Button'
import type { Suggestion } from '~/lib/search/results'
import { normalizeSearch } from '~/lib/search/segment'
import { SearchCombobox } from './SearchCombobox'

export function QuickSearch() {
  const navigate = useNavigate()
  const [text, setText] = useState('')

  const onSelect = (suggestion: Suggestion) => {
    setText('')
    if (suggestion.kind === 'trip') void navigate({ to: '/reise/$id/', params: { id: String(suggestion.id) } })
    else if (suggestion.kind === 'region') void navigate({ to: '/reiseuebersicht/search/$search/', params: { search: normalizeSearch({ regions: [suggestion.id] }) } })
    else void navigate({ to: '/reiseuebersicht/search/$search/', params: { search: normalizeSearch({ countries: [suggestion.id] }) } })
  }

  return (
    <form
      role="search"
      aria-label="Schnellsuche"
      className="quick-search"
      method="get"
      action="/reiseuebersicht/search/"
      onSubmit={(event) => {
        event.preventDefault()
        // From the field itself: words typed before the scripts ran are not in the state.
        const typed = new FormData(event.currentTarget).get('q')
        setText('')
        void navigate({ to: '/reiseuebersicht/search/$search/', params: { search: normalizeSearch({ text: typeof typed === 'string' ? typed : text }) } })
      }}
    >
      <SearchCombobox
        label="Reise suchen"
        hideLabel
        name="q"
        value={text}
        onValueChange={setText}
        onSelect={onSelect}
        placeholder="z. B. Gardasee"
        className="quick-search__field"
      />
      <Button type="submit" variant="primary" className="quick-search__submit">
        Suchen
      </Button>
    </form>
  )
}
