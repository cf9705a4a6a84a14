import { createFileRoute } from '@tanstack/react-router'
import { methodNotAllowed } from '~/server/services/booking/api.server'
import { blogQuerySchema } from '~/lib/api'
import { PUBLIC_SHORT_CACHE, apiRoute, parseQuery } from '~/server/http/api.server'
import { getDb } from '~/server/runtime.server'
import { listBlogEntries } from '~/server/services/blog.server'

/** Spec 7: with $paginate false the answer is a list, otherwise an object with data. */
export const Route = createFileRoute('/api/web/blog-web')({
  server: {
    handlers: {
      GET: apiRoute('blog-web', async ({ request }) => {
        const query = parseQuery(request, blogQuerySchema)
        if (!query.ok) return query.response
        const page = await listBlogEntries(await getDb(), query.data)
        return Response.json(query.data.$paginate ? page : page.data, { headers: PUBLIC_SHORT_CACHE })
      }),
      ANY: methodNotAllowed(['GET']),
    },
  },
})
