import { createFileRoute, redirect } from '@tanstack/react-router'

/**
 * There is one binding text of the travel conditions, `/reisebedingungen/`; the former AGB page,
 * still linked from elsewhere, leads there.
 */
export const Route = createFileRoute('/agb/')({
  beforeLoad: () => {
    throw redirect({ to: '/$/', params: { _splat: 'reisebedingungen' }, statusCode: 301 })
  },
})
