import { queryOptions } from '@tanstack/react-query'
import { fetchInitData, fetchSiteInfo } from '~/server/shell.functions'

export const initDataQuery = () =>
  queryOptions({ queryKey: ['init-data'], queryFn: () => fetchInitData(), staleTime: 5 * 60_000 })

export const siteInfoQuery = () =>
  queryOptions({ queryKey: ['site-info'], queryFn: () => fetchSiteInfo(), staleTime: Number.POSITIVE_INFINITY })
