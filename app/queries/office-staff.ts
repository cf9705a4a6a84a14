// The admins' staff list: always asked again (another admin may have changed an account).
import { queryOptions } from '@tanstack/react-query'
import { fetchStaffList } from '~/server/office-staff.functions'

export const staffListQuery = () => queryOptions({ queryKey: ['office', 'staff'], queryFn: () => fetchStaffList(), staleTime: 0 })
