// The office's queries: who is signed in. Always asked again (a session ends on the server).
import { queryOptions } from '@tanstack/react-query'
import type { BookingListSearch } from '~/lib/office/booking-list'
import { fetchBookingListChoices, fetchOfficeBookings, fetchOfficeSession, fetchTwoFactorState } from '~/server/office.functions'
import type { AuditSearch } from '~/lib/office/audit'
import { fetchAuditLog, fetchOfficeBooking, fetchPhoneBookingChoices, fetchUnpaidAfterNotices } from '~/server/office-bookings.functions'

export const officeSessionQuery = () =>
  queryOptions({ queryKey: ['office', 'session'], queryFn: () => fetchOfficeSession(), staleTime: 0, gcTime: 0 })

export const twoFactorStateQuery = () =>
  queryOptions({ queryKey: ['office', 'two-factor'], queryFn: () => fetchTwoFactorState(), staleTime: 0, gcTime: 0 })

export const officeBookingsQuery = (search: BookingListSearch) =>
  queryOptions({ queryKey: ['office', 'bookings', search], queryFn: () => fetchOfficeBookings({ data: search }), staleTime: 0 })

export const bookingListChoicesQuery = () =>
  queryOptions({ queryKey: ['office', 'bookings', 'choices'], queryFn: () => fetchBookingListChoices(), staleTime: 60_000 })

export const officeBookingQuery = (bookingNumber: string) =>
  queryOptions({ queryKey: ['office', 'booking', bookingNumber], queryFn: () => fetchOfficeBooking({ data: { bookingNumber } }), staleTime: 0 })

export const phoneBookingChoicesQuery = (reise: number | undefined) =>
  queryOptions({ queryKey: ['office', 'phone-booking', reise ?? null], queryFn: () => fetchPhoneBookingChoices({ data: { reise } }), staleTime: 0 })

export const auditLogQuery = (search: AuditSearch) =>
  queryOptions({ queryKey: ['office', 'audit', search], queryFn: () => fetchAuditLog({ data: search }), staleTime: 0 })

export const unpaidAfterNoticesQuery = () =>
  queryOptions({ queryKey: ['office', 'unpaid-after-notices'], queryFn: () => fetchUnpaidAfterNotices(), staleTime: 0 })
