// Hydration, loaded by the browser entry (app/client.tsx) once the server's HTML is on screen.
// TanStack Start's default entry, with one change: hydration begins in a task of its own, after
// the modules have been evaluated: begun in the same task (as the default entry does), root
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
