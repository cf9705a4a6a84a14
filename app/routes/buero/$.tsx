import { createFileRoute, notFound } from '@tanstack/react-router'

/** An office address no page claims: the office's own 404 (its layout's notFoundComponent), not the public one. */
export const Route = createFileRoute('/buero/$')({
  loader: () => {
    throw notFound()
  },
})
