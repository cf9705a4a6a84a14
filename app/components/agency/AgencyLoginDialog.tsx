// Spec 2 and 4: the modal agency login dialog of the root app, 320 px wide and not dismissable,
// holding the embedded login frame. It shows on the agency host while no AgenturId is stored, or
// on the local development host with ?agentur=true. Messages are accepted only from the frame's
// window and configured origin and only in the spec's shape; anything else is ignored and logged
// at debug level.
import { useEffect, useRef, useState } from 'react'
import type { KeyboardEvent } from 'react'
import { NotificationArea } from '~/components/notifications/NotificationArea'
import { notify } from '~/components/notifications/notify'
import { AGENCY_LOGIN_TEXTS, acceptAgencyMessage, agencyLoginOutcome, frameOrigin, frameSrc } from '~/lib/agency-login'
import type { AgencyLoginMessage } from '~/lib/agency-login'
import { LOGIN_NOTICE_TIMEOUT, SUCCESS_TIMEOUT } from '~/lib/notifications'
import type { AgencyLoginSettings } from '~/server/agency-login.functions'
import { startAgencySession } from './agency-session'

/** Spec 4: the success notice opens half a second after the dialog closed. */
const SUCCESS_NOTICE_DELAY_MS = 500
const NOTICE_ID = 'agentur-login'

/** One JSON object per log line, in the browser too; never the message's data (it may carry the token). */
function debugLog(msg: string, fields: Record<string, unknown>): void {
  console.debug(JSON.stringify({ level: 'debug', msg, ...fields }))
}

/** Shown only while `AgencyLoginGate` wants it; `onLoggedIn` closes it for good on this page. */
export function AgencyLoginDialog({ settings, onLoggedIn }: { settings: AgencyLoginSettings; onLoggedIn: () => void }) {
  const [progress, setProgress] = useState<string>(AGENCY_LOGIN_TEXTS[0])
  const dialogRef = useRef<HTMLDialogElement>(null)
  const frameRef = useRef<HTMLIFrameElement>(null)
  // Cleared by the successful login before it closes the dialog, so that onClose does not reopen it.
  const wantedRef = useRef(true)

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    setProgress(AGENCY_LOGIN_TEXTS[0])
    if (!dialog.open) dialog.showModal()
    const expectedOrigin = frameOrigin(settings.frameUrl, window.location.href)

    const handle = (message: AgencyLoginMessage) => {
      const outcome = agencyLoginOutcome(message.code)
      if (message.code === 3) {
        startAgencySession(message.card)
        wantedRef.current = false
        dialog.close()
        onLoggedIn()
        window.setTimeout(() => notify({ id: NOTICE_ID, message: message.text, color: 'success', timeout: SUCCESS_TIMEOUT }), SUCCESS_NOTICE_DELAY_MS)
      } else if (outcome === 'error') {
        setProgress('')
        notify({ id: NOTICE_ID, message: message.text, color: 'error', timeout: LOGIN_NOTICE_TIMEOUT })
      } else {
        setProgress(message.text)
        // The frame has loaded: move focus into it unless the visitor has already gone elsewhere.
        if (message.code === 1 && (document.activeElement === dialog || document.activeElement === frameRef.current)) frameRef.current?.focus()
      }
    }

    const onMessage = (event: MessageEvent) => {
      const frameWindow = frameRef.current?.contentWindow ?? null
      const verdict = acceptAgencyMessage({ fromFrame: frameWindow !== null && event.source === frameWindow, origin: event.origin, data: event.data }, expectedOrigin)
      if (!verdict.ok) {
        debugLog('agency message ignored', { reason: verdict.reason })
        return
      }
      handle(verdict.message)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [settings.frameUrl, onLoggedIn])

  return (
    <dialog
      ref={dialogRef}
      className="agency-dialog"
      aria-labelledby="agentur-dialog-titel"
      aria-describedby="agentur-dialog-text"
      // Not dismissable: Escape neither cancels nor closes it…
      onCancel={(event) => event.preventDefault()}
      onKeyDown={(event: KeyboardEvent<HTMLDialogElement>) => {
        if (event.key === 'Escape') event.preventDefault()
      }}
      // …and should the browser close it anyway (a repeated close request), it opens again.
      onClose={(event) => {
        if (wantedRef.current && !event.currentTarget.open) event.currentTarget.showModal()
      }}
    >
      <h2 id="agentur-dialog-titel" className="agency-dialog__title">
        Agentur-Login
      </h2>
      <p id="agentur-dialog-text" className="agency-dialog__text">
        Bitte melden Sie sich mit den Zugangsdaten Ihres Reisebüros an.
      </p>
      <iframe ref={frameRef} className="agency-dialog__frame" src={frameSrc(settings.frameUrl, window.location.href)} title="Anmeldung für Reisebüros" />
      <p className="agency-dialog__progress" role="status">
        {progress}
      </p>
      {/* The page behind a modal dialog is inert and below it, so notices show inside while it is open. */}
      <NotificationArea />
    </dialog>
  )
}
