// The customer's account (DESIGN 13): who is signed in, asked after the page has loaded (catalogue
// pages stay the same for everybody, so the page cache serves signed-in customers too), and the
// account's pages' data, always asked again (a session ends on the server).
import { queryOptions } from '@tanstack/react-query'
import { fetchAccountState } from '~/server/account.functions'
import { fetchAccountBooking, fetchAccountBookings } from '~/server/account-bookings.functions'
import { fetchAccountData } from '~/server/account-profile.functions'

export const accountStateQuery = () => queryOptions({ queryKey: ['account', 'state'], queryFn: () => fetchAccountState(), staleTime: 60_000 })

export const accountBookingsQuery = () => queryOptions({ queryKey: ['account', 'bookings'], queryFn: () => fetchAccountBookings(), staleTime: 0 })

export const accountBookingQuery = (bookingNumber: string) =>
  queryOptions({ queryKey: ['account', 'booking', bookingNumber], queryFn: () => fetchAccountBooking({ data: { bookingNumber } }), staleTime: 0 })

export const accountDataQuery = () => queryOptions({ queryKey: ['account', 'data'], queryFn: () => fetchAccountData(), staleTime: 0 })
