// One notification store per browser tab; on the server every call is a no-op, so a notice can
// never leak from one visitor's request into another's page.
import { createNotificationStore } from '~/lib/notifications'
import type { NotificationInput, NotificationStore } from '~/lib/notifications'

const store: NotificationStore | null = typeof window === 'undefined' ? null : createNotificationStore()

/** The tab's store, or null on the server. */
export function getNotificationStore(): NotificationStore | null {
  return store
}

/** Shows a notice in the global notification area; returns its id ('' on the server). */
export function notify(input: NotificationInput): string {
  return store ? store.show(input) : ''
}
