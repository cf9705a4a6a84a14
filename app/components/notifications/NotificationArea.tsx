// The global notification area (spec 1, 2, 9). The live regions are rendered empty on the server
// and stay in the page, so that screen readers announce notices that are added later.
import { useRef, useState, useSyncExternalStore } from 'react'
import type { PointerEvent as ReactPointerEvent } from 'react'
import { CLOSE_LABEL, NO_NOTICES, NOTIFICATION_POSITIONS, isSwipeDismiss, isUrgent } from '~/lib/notifications'
import type { Notice, NotificationColor } from '~/lib/notifications'
import { getNotificationStore } from './notify'

const COLOR_LABEL: Record<NotificationColor, string> = {
  info: 'Hinweis',
  success: 'Erfolg',
  warning: 'Warnung',
  error: 'Fehler',
}

// The tab's store that `notify()` writes to (null on the server). It never changes, so the
// subscription functions below are stable without memoising them.
const store = getNotificationStore()

const noop = () => undefined
const subscribe = (listener: () => void) => (store ? store.subscribe(listener) : noop)
const getSnapshot = () => (store ? store.getSnapshot() : NO_NOTICES)
const serverSnapshot = () => NO_NOTICES

export function NotificationArea() {
  const notices = useSyncExternalStore(subscribe, getSnapshot, serverSnapshot)

  return (
    <div className="notifications">
      {NOTIFICATION_POSITIONS.map((position) => {
        const here = notices.filter((notice) => notice.position === position)
        return (
          <div key={position} className={`notifications__stack notifications__stack--${position}`}>
            <div role="status" aria-live="polite" className="notifications__region">
              {here
                .filter((notice) => !isUrgent(notice.color))
                .map((notice) => (
                  <NoticeItem key={notice.id} notice={notice} />
                ))}
            </div>
            <div role="alert" className="notifications__region">
              {here
                .filter((notice) => isUrgent(notice.color))
                .map((notice) => (
                  <NoticeItem key={notice.id} notice={notice} />
                ))}
            </div>
          </div>
        )
      })}
    </div>
  )
}

/** Horizontal movement before a press counts as a swipe (and not as a click on the close button). */
const SWIPE_START_PX = 8

function NoticeItem({ notice }: { notice: Notice }) {
  const [dx, setDx] = useState(0)
  const gesture = useRef<{ pointerId: number; x: number; y: number; swiping: boolean } | null>(null)
  const hovered = useRef(false)
  const focused = useRef(false)
  // Where keyboard focus came from, so that closing the notice does not drop focus onto <body>.
  const focusOrigin = useRef<HTMLElement | null>(null)

  const dismiss = () => {
    const origin = focusOrigin.current
    store?.dismiss(notice.id)
    if (origin?.isConnected) origin.focus({ preventScroll: true })
  }
  const resumeIfIdle = () => {
    if (!hovered.current && !focused.current) store?.resume(notice.id)
  }

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    gesture.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, swiping: false }
  }
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const g = gesture.current
    if (!g || g.pointerId !== event.pointerId) return
    const moveX = event.clientX - g.x
    const moveY = event.clientY - g.y
    if (!g.swiping) {
      if (Math.abs(moveX) < SWIPE_START_PX || Math.abs(moveX) < Math.abs(moveY)) return
      g.swiping = true
      // Captured only once it is a swipe: capturing on press would steal the close button's click.
      event.currentTarget.setPointerCapture(event.pointerId)
    }
    setDx(moveX)
  }
  const endGesture = (event: ReactPointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const g = gesture.current
    if (!g || g.pointerId !== event.pointerId) return
    gesture.current = null
    if (!g.swiping) return
    if (!cancelled && isSwipeDismiss(event.clientX - g.x)) dismiss()
    else setDx(0)
  }

  const swipeStyle =
    dx === 0 ? undefined : { transform: `translateX(${dx}px)`, opacity: Math.max(0.35, 1 - Math.abs(dx) / 240) }

  return (
    <div
      className={`notice notice--${notice.color} notice--${notice.kind}${dx === 0 ? '' : ' notice--swiping'}`}
      style={swipeStyle}
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return
        hovered.current = true
        store?.pause(notice.id)
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'mouse') return
        hovered.current = false
        resumeIfIdle()
      }}
      onFocus={(event) => {
        const from = event.relatedTarget
        if (from instanceof HTMLElement && !event.currentTarget.contains(from)) focusOrigin.current = from
        focused.current = true
        store?.pause(notice.id)
      }}
      onBlur={(event) => {
        if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return
        focused.current = false
        resumeIfIdle()
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endGesture(event, false)}
      onPointerCancel={(event) => endGesture(event, true)}
    >
      <NoticeIcon color={notice.color} />
      <div className="notice__body">
        {notice.title ? (
          <p className="notice__title">
            <span className="visually-hidden">{COLOR_LABEL[notice.color]}: </span>
            {notice.title}
          </p>
        ) : null}
        <p className="notice__message">
          {notice.title ? null : <span className="visually-hidden">{COLOR_LABEL[notice.color]}: </span>}
          {notice.message}
        </p>
      </div>
      <div className="notice__actions">
        {notice.action ? (
          <button
            type="button"
            className="notice__button notice__button--action"
            onClick={() => {
              notice.action?.onClick()
              dismiss()
            }}
          >
            {notice.action.label}
          </button>
        ) : null}
        <button type="button" className="notice__button" onClick={dismiss}>
          {CLOSE_LABEL}
        </button>
      </div>
    </div>
  )
}

/** Shape as well as colour tells the kinds apart (WCAG 1.4.1). */
function NoticeIcon({ color }: { color: NotificationColor }) {
  return (
    <svg className="notice__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {color === 'success' ? (
        <>
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </>
      ) : color === 'warning' ? (
        <>
          <path d="M12 3L22 20H2Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          <path d="M12 10v4.5" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          <circle cx="12" cy="17.2" r="1.3" fill="currentColor" />
        </>
      ) : color === 'error' ? (
        <>
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </>
      ) : (
        <>
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 11v6" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          <circle cx="12" cy="7.5" r="1.4" fill="currentColor" />
        </>
      )}
    </svg>
  )
}
