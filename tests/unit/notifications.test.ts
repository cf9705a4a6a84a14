// Spec 9: "Notification defaults: 3000 ms, top-center, colour info. Snackbar timeout 5000 ms;
// swipe over 50 px dismisses. Login notices 1000 ms, success 3000 ms. Close button text 'Schließen'."
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  CLOSE_LABEL,
  LOGIN_NOTICE_TIMEOUT,
  NO_NOTICES,
  NOTIFICATION_DEFAULTS,
  SNACKBAR_TIMEOUT,
  SUCCESS_TIMEOUT,
  SWIPE_DISMISS_PX,
  createNotificationStore,
  isSwipeDismiss,
  isUrgent,
  withDefaults,
} from '~/lib/notifications'

describe('spec 9: "Notification defaults: 3000 ms, top-center, colour info"', () => {
  it('has the spec constants', () => {
    expect(NOTIFICATION_DEFAULTS).toEqual({ timeout: 3000, position: 'top-center', color: 'info', kind: 'notification' })
    expect(SNACKBAR_TIMEOUT).toBe(5000)
    expect(LOGIN_NOTICE_TIMEOUT).toBe(1000)
    expect(SUCCESS_TIMEOUT).toBe(3000)
    expect(SWIPE_DISMISS_PX).toBe(50)
    expect(CLOSE_LABEL).toBe('Schließen')
  })

  it('fills in the defaults for a bare message', () => {
    expect(withDefaults({ message: 'Gespeichert' })).toEqual({
      message: 'Gespeichert',
      timeout: 3000,
      position: 'top-center',
      color: 'info',
      kind: 'notification',
    })
  })

  it('gives snackbars 5000 ms at the bottom and success notices 3000 ms', () => {
    expect(withDefaults({ message: 'x', kind: 'snackbar' })).toMatchObject({ timeout: 5000, position: 'bottom-center' })
    expect(withDefaults({ message: 'x', color: 'success' })).toMatchObject({ timeout: 3000, color: 'success' })
  })

  it('keeps what the caller chose, including 0 (stays until closed) and the login timeout', () => {
    expect(
      withDefaults({ message: 'x', timeout: LOGIN_NOTICE_TIMEOUT, position: 'top-right', color: 'error', title: 'T' }),
    ).toEqual({ message: 'x', timeout: 1000, position: 'top-right', color: 'error', kind: 'notification', title: 'T' })
    expect(withDefaults({ message: 'x', timeout: 0 }).timeout).toBe(0)
  })

  it('falls back to the default for a negative or non-finite timeout', () => {
    expect(withDefaults({ message: 'x', timeout: -5 }).timeout).toBe(3000)
    expect(withDefaults({ message: 'x', timeout: Number.NaN }).timeout).toBe(3000)
    expect(withDefaults({ message: 'x', kind: 'snackbar', timeout: Number.POSITIVE_INFINITY }).timeout).toBe(5000)
  })

  it('announces only errors urgently', () => {
    expect(isUrgent('error')).toBe(true)
    expect(isUrgent('warning')).toBe(false)
    expect(isUrgent('info')).toBe(false)
  })
})

describe('spec 9: "swipe over 50 px dismisses"', () => {
  it('dismisses only beyond 50 px, in either direction', () => {
    expect(isSwipeDismiss(50)).toBe(false)
    expect(isSwipeDismiss(-50)).toBe(false)
    expect(isSwipeDismiss(50.5)).toBe(true)
    expect(isSwipeDismiss(51)).toBe(true)
    expect(isSwipeDismiss(-51)).toBe(true)
    expect(isSwipeDismiss(0)).toBe(false)
  })
})

describe('notification store', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('without notices returns the server snapshot itself, so hydration sees no change', () => {
    const store = createNotificationStore()
    expect(store.getSnapshot()).toBe(NO_NOTICES)
    store.show({ message: 'Erste' })
    expect(store.getSnapshot()).not.toBe(NO_NOTICES)
    store.clear()
    expect(store.getSnapshot()).toBe(NO_NOTICES)
  })

  it('shows notices in order with fresh ids and tells subscribers', () => {
    const store = createNotificationStore()
    const listener = vi.fn()
    store.subscribe(listener)
    const a = store.show({ message: 'Erste' })
    const b = store.show({ message: 'Zweite', color: 'error' })
    expect(a).not.toBe(b)
    expect(store.getSnapshot().map((n) => [n.id, n.message, n.color])).toEqual([
      [a, 'Erste', 'info'],
      [b, 'Zweite', 'error'],
    ])
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('keeps the same snapshot until something changes', () => {
    const store = createNotificationStore()
    const empty = store.getSnapshot()
    expect(store.getSnapshot()).toBe(empty)
    store.show({ message: 'x' })
    const one = store.getSnapshot()
    expect(one).not.toBe(empty)
    expect(store.getSnapshot()).toBe(one)
    store.dismiss('does-not-exist')
    expect(store.getSnapshot()).toBe(one)
  })

  it('closes a notice after the default 3000 ms, not before', () => {
    const store = createNotificationStore()
    store.show({ message: 'x' })
    vi.advanceTimersByTime(2999)
    expect(store.getSnapshot()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(store.getSnapshot()).toHaveLength(0)
  })

  it('closes snackbars after 5000 ms and login notices after 1000 ms', () => {
    const store = createNotificationStore()
    store.show({ message: 'Snack', kind: 'snackbar' })
    store.show({ message: 'Login erfolgreich', timeout: LOGIN_NOTICE_TIMEOUT })
    vi.advanceTimersByTime(1000)
    expect(store.getSnapshot().map((n) => n.message)).toEqual(['Snack'])
    vi.advanceTimersByTime(4000)
    expect(store.getSnapshot()).toEqual([])
  })

  it('keeps a notice with timeout 0 until it is dismissed', () => {
    const store = createNotificationStore()
    const id = store.show({ message: 'bleibt', timeout: 0 })
    vi.advanceTimersByTime(60_000)
    expect(store.getSnapshot()).toHaveLength(1)
    store.dismiss(id)
    expect(store.getSnapshot()).toHaveLength(0)
  })

  it('dismissing early cancels the timer and does not notify twice', () => {
    const store = createNotificationStore()
    const listener = vi.fn()
    const id = store.show({ message: 'x' })
    store.subscribe(listener)
    store.dismiss(id)
    vi.advanceTimersByTime(5000)
    expect(listener).toHaveBeenCalledTimes(1)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('pauses the countdown while hovered or focused and resumes with the time left (WCAG 2.2.1)', () => {
    const store = createNotificationStore()
    const id = store.show({ message: 'x' })
    vi.advanceTimersByTime(1000)
    store.pause(id)
    vi.advanceTimersByTime(60_000)
    expect(store.getSnapshot()).toHaveLength(1)
    store.resume(id)
    vi.advanceTimersByTime(1999)
    expect(store.getSnapshot()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(store.getSnapshot()).toHaveLength(0)
  })

  it('gives a notice resumed at the last moment at least one more second', () => {
    const store = createNotificationStore()
    const id = store.show({ message: 'x' })
    vi.advanceTimersByTime(2990)
    store.pause(id)
    store.resume(id)
    vi.advanceTimersByTime(999)
    expect(store.getSnapshot()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(store.getSnapshot()).toHaveLength(0)
  })

  it('pause and resume are harmless on unknown, untimed or already running notices', () => {
    const store = createNotificationStore()
    const id = store.show({ message: 'x' })
    const sticky = store.show({ message: 'y', timeout: 0 })
    store.resume(id)
    store.pause('nope')
    store.pause(sticky)
    store.resume(sticky)
    vi.advanceTimersByTime(3000)
    expect(store.getSnapshot().map((n) => n.id)).toEqual([sticky])
  })

  it('replaces a notice shown again with the same id and restarts its timer', () => {
    const store = createNotificationStore()
    store.show({ id: 'login', message: 'Verbindung wird aufgebaut', timeout: 0 })
    vi.advanceTimersByTime(500)
    store.show({ id: 'login', message: 'Login erfolgreich', color: 'success', timeout: LOGIN_NOTICE_TIMEOUT })
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ id: 'login', message: 'Login erfolgreich' })])
    vi.advanceTimersByTime(1000)
    expect(store.getSnapshot()).toEqual([])
  })

  it('stops telling a listener after it unsubscribes, and clear() removes everything', () => {
    const store = createNotificationStore()
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.show({ message: 'a' })
    unsubscribe()
    store.show({ message: 'b' })
    expect(listener).toHaveBeenCalledTimes(1)
    store.clear()
    expect(store.getSnapshot()).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('uses injected timers when given', () => {
    let now = 0
    const pending: Array<{ at: number; fn: () => void }> = []
    const store = createNotificationStore({
      timers: {
        now: () => now,
        setTimeout: (fn, ms) => {
          pending.push({ at: now + ms, fn })
          return setTimeout(() => undefined, 0)
        },
        clearTimeout: () => undefined,
      },
    })
    store.show({ message: 'x', timeout: 1000 })
    now = 1000
    for (const timer of pending) if (timer.at <= now) timer.fn()
    expect(store.getSnapshot()).toEqual([])
  })
})
