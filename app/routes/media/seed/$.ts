import { createFileRoute } from '@tanstack/react-router'
import { handleSeedImageRequest } from '~/server/media/seed-route.server'

/** The demo catalogue's generated pictures: /media/seed/{key}.svg (the key is checked there). */
export const Route = createFileRoute('/media/seed/$')({
  server: {
    handlers: {
      GET: ({ request }) => handleSeedImageRequest(request),
    },
  },
})
