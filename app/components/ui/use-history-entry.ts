import { useRouterState } from '@tanstack/react-router'

/**
 * The browser history entry shown now: it changes with every navigation, Back and Forward, as soon
 * as the address changes (before the new page's data has arrived). A form that mirrors the address
 * (a list's filter) resets its values when it changes, from `search()`, the entry's parameters.
 */
export function useHistoryEntry(): { key: string; search: () => unknown } {
  const key = useRouterState({ select: (state) => state.location.state.__TSR_key ?? state.location.href })
  const location = useRouterState({ select: (state) => state.location })
  return { key, search: () => location.search }
}
