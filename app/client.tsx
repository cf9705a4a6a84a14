// The browser entry: TanStack Start's own, with one change. Hydration begins in a task of its own,
// after the modules have been evaluated: begun in the same task (as the default entry does), root
// creation and event listening made one long task of both (blocking time, DECISIONS: Performance).
import { StartClient } from '@tanstack/react-start/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'

setTimeout(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <StartClient />
      </StrictMode>,
    )
  }),
)
