import { queryOptions } from '@tanstack/react-query'
import { fetchAgencyLoginSettings } from '~/server/agency-login.functions'

/** The agency host and the login frame's address (configuration: fetched once per tab). */
export const agencyLoginSettingsQuery = () =>
  queryOptions({ queryKey: ['agency-login', 'settings'], queryFn: () => fetchAgencyLoginSettings(), staleTime: Number.POSITIVE_INFINITY })
