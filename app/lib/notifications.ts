// The global notification area (spec 1, 2, 9) as plain data and a tiny store; React renders it.

export const NOTIFICATION_COLORS = ['info', 'success', 'warning', 'error'] as const
export type NotificationColor = (typeof NOTIFICATION_COLORS)[number]

export const NOTIFICATION_POSITIONS = [
  'top-center',
  'top-left',
  'top-right',
  'bottom-center',
  'bottom-left',
  'bottom-right',
] as const
export type NotificationPosition = (typeof NOTIFICATION_POSITIONS)[number]

export type NotificationKind = 'notification' | 'snackbar'

/** Spec 9: notification defaults 3000 ms, top-center, colour info. */
export const NOTIFICATION_DEFAULTS = {
  timeout: 3000,
  position: 'top-center',
  color: 'info',
  kind: 'notification',
} as const satisfies { timeout: number; position: NotificationPosition; color: NotificationColor; kind: NotificationKind }

/** Spec 9: snackbar timeout. */
export const SNACKBAR_TIMEOUT = 5000
/** Spec 9: login notices (agency login codes). */
export const LOGIN_NOTICE_TIMEOUT = 1000
/** Spec 9: success notices. */
export const SUCCESS_TIMEOUT = 3000
/** Spec 9: a horizontal swipe of more than this many pixels dismisses a notice. */
export const SWIPE_DISMISS_PX = 50
/** Spec 9: the text of every notice's close button. */
export const CLOSE_LABEL = 'Schließen'
/** Snackbars sit at the bottom, where a thumb reaches them. */
const SNACKBAR_POSITION: NotificationPosition = 'bottom-center'

export type NotificationAction = { label: string; onClick: () => void }

export type NotificationInput = {
  message: string
  title?: string
  color?: NotificationColor
  position?: NotificationPosition
  kind?: NotificationKind
  /** Milliseconds until the notice closes by itself; 0 keeps it until it is closed. */
  timeout?: number
  /** Showing a notice with an id that is already shown replaces it instead of stacking a copy. */
  id?: string
  action?: NotificationAction
}

export type Notice = {
  id: string
  message: string
  title?: string
  color: NotificationColor
  position: NotificationPosition
  kind: NotificationKind
  timeout: number
  action?: NotificationAction
}

export type NoticeFields = Omit<Notice, 'id'>

function defaultTimeout(kind: NotificationKind, color: NotificationColor): number {
  if (kind === 'snackbar') return SNACKBAR_TIMEOUT
  if (color === 'success') return SUCCESS_TIMEOUT
  return NOTIFICATION_DEFAULTS.timeout
}

/** Fills in spec 9's defaults; a negative or non-finite timeout falls back to the default. */
export function withDefaults(input: NotificationInput): NoticeFields {
  const kind = input.kind ?? NOTIFICATION_DEFAULTS.kind
  const color = input.color ?? NOTIFICATION_DEFAULTS.color
  const position = input.position ?? (kind === 'snackbar' ? SNACKBAR_POSITION : NOTIFICATION_DEFAULTS.position)
  const timeout =
    input.timeout !== undefined && Number.isFinite(input.timeout) && input.timeout >= 0
      ? input.timeout
      : defaultTimeout(kind, color)
  const fields: NoticeFields = { message: input.message, color, position, kind, timeout }
  if (input.title !== undefined) fields.title = input.title
  if (input.action !== undefined) fields.action = input.action
  return fields
}

/** Spec 9: "swipe over 50 px dismisses" — exactly 50 px is not over. Either direction counts. */
export function isSwipeDismiss(dx: number): boolean {
  return Math.abs(dx) > SWIPE_DISMISS_PX
}

/** Errors are announced at once (role="alert"), everything else politely (role="status"). */
export function isUrgent(color: NotificationColor): boolean {
  return color === 'error'
}

type TimerHandle = ReturnType<typeof globalThis.setTimeout>

export type TimerApi = {
  setTimeout: (fn: () => void, ms: number) => TimerHandle
  clearTimeout: (handle: TimerHandle) => void
  now: () => number
}

// Looked up on each call, so that fake timers installed after the store was made still apply.
const globalTimers: TimerApi = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle),
  now: () => Date.now(),
}

export type NotificationStore = {
  subscribe: (listener: () => void) => () => void
  /** The same array until something changes (what useSyncExternalStore needs). */
  getSnapshot: () => readonly Notice[]
  show: (input: NotificationInput) => string
  dismiss: (id: string) => void
  /** Stops a notice's countdown while the pointer or focus is on it (WCAG 2.2.1). */
  pause: (id: string) => void
  /** Continues the countdown with the time that was left when it was paused. */
  resume: (id: string) => void
  clear: () => void
}

type Countdown = { handle: TimerHandle; deadline: number } | { paused: true; remaining: number }

/**
 * No notices, always the same array: what the server renders, and what a store without notices
 * returns, so that hydration finds the snapshot unchanged (a different empty array made React
 * render everything that reads the store once more, synchronously).
 */
export const NO_NOTICES: readonly Notice[] = Object.freeze([])

export function createNotificationStore(options: { timers?: TimerApi; idPrefix?: string } = {}): NotificationStore {
  const timers = options.timers ?? globalTimers
  const idPrefix = options.idPrefix ?? 'hinweis-'
  let notices: readonly Notice[] = NO_NOTICES
  let nextId = 1
  const countdowns = new Map<string, Countdown>()
  const listeners = new Set<() => void>()

  const emit = () => {
    for (const listener of [...listeners]) listener()
  }

  const stopCountdown = (id: string) => {
    const countdown = countdowns.get(id)
    if (countdown && !('paused' in countdown)) timers.clearTimeout(countdown.handle)
    countdowns.delete(id)
  }

  const startCountdown = (id: string, ms: number) => {
    stopCountdown(id)
    if (ms <= 0) return
    const handle = timers.setTimeout(() => {
      countdowns.delete(id)
      dismiss(id)
    }, ms)
    countdowns.set(id, { handle, deadline: timers.now() + ms })
  }

  function dismiss(id: string) {
    stopCountdown(id)
    const next = notices.filter((notice) => notice.id !== id)
    if (next.length === notices.length) return
    notices = next
    emit()
  }

  function show(input: NotificationInput): string {
    const id = input.id ?? `${idPrefix}${nextId++}`
    const notice: Notice = { id, ...withDefaults(input) }
    const existing = notices.findIndex((n) => n.id === id)
    notices = existing === -1 ? [...notices, notice] : notices.map((n) => (n.id === id ? notice : n))
    startCountdown(id, notice.timeout)
    emit()
    return id
  }

  function pause(id: string) {
    const countdown = countdowns.get(id)
    if (!countdown || 'paused' in countdown) return
    timers.clearTimeout(countdown.handle)
    countdowns.set(id, { paused: true, remaining: Math.max(0, countdown.deadline - timers.now()) })
  }

  function resume(id: string) {
    const countdown = countdowns.get(id)
    if (!countdown || !('paused' in countdown)) return
    // Never less than a second: a notice that was being read must not vanish the instant it is left.
    startCountdown(id, Math.max(countdown.remaining, 1000))
  }

  function clear() {
    for (const id of [...countdowns.keys()]) stopCountdown(id)
    if (notices.length === 0) return
    notices = NO_NOTICES
    emit()
  }

  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    getSnapshot: () => notices,
    show,
    dismiss,
    pause,
    resume,
    clear,
  }
}

