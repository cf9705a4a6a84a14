import { queryOptions } from '@tanstack/react-query'
import { fetchStartPage } from '~/server/start-page.functions'

export const startPageQuery = () => queryOptions({ queryKey: ['start-page'], queryFn: () => fetchStartPage() })
