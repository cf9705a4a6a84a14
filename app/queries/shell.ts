import { queryOptions } from '@tanstack/react-query'
import { fetchInitData, fetchSiteInfo, fetchSiteOrigin } from '~/server/shell.functions'
import { CATALOGUE_STALE_MS } from './stale-time'

export const initDataQuery = () =>
  queryOptions({ queryKey: ['shell', 'init-data'], queryFn: () => fetchInitData(), staleTime: CATALOGUE_STALE_MS })

export const siteInfoQuery = () =>
  queryOptions({ queryKey: ['shell', 'site-info'], queryFn: () => fetchSiteInfo(), staleTime: Number.POSITIVE_INFINITY })

export const siteOriginQuery = () =>
  queryOptions({ queryKey: ['shell', 'site-origin'], queryFn: () => fetchSiteOrigin(), staleTime: Number.POSITIVE_INFINITY })
