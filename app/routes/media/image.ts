import { createFileRoute } from '@tanstack/react-router'
import { handleImageRequest, imageProxyDeps } from '~/server/media/image-proxy.server'

/** The resizing image proxy (spec 7, spec 9): /media/image?src=…&w=… → webp. */
export const Route = createFileRoute('/media/image')({
  server: {
    handlers: {
      GET: ({ request }) => handleImageRequest(request, imageProxyDeps()),
    },
  },
})
