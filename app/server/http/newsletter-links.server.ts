// The POSTs behind the newsletter mails' links. The link itself only shows a page with a button
// (mail scanners and link previews follow links, and must neither confirm a sign-up someone else
// made with this address nor unsubscribe anybody); the button, or the mail program's one-click
// unsubscribe (RFC 8058: POST with the body List-Unsubscribe=One-Click), does it.
import { config } from '../config.server'
import { kickOutbox } from '../mail/worker-runtime.server'
import { publicOrigin } from '../origin.server'
import { getDb } from '../runtime.server'
import { confirmPath, confirmSubscription, unsubscribePath, unsubscribeNewsletter } from '../services/newsletter.server'
import { siteInfo } from '../site.server'
import { clientFailures, requestClientAddress, TOO_MANY_REQUESTS_MESSAGE } from './client-limits.server'

const NO_STORE = { 'Cache-Control': 'no-store' }

/**
 * Runs a link's action unless this client has sent too many unknown tokens lately (guesses: a
 * customer's link is always known, and a mail program's one-click POSTs are never refused for
 * the other customers behind the same provider).
 */
async function guardedLink(action: () => Promise<{ unknown: boolean; response: Response }>): Promise<Response> {
  const guesses = clientFailures('newsletterLink', requestClientAddress())
  if (!guesses.blocked.ok) {
    return new Response(TOO_MANY_REQUESTS_MESSAGE.newsletterLink, {
      status: 429,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(guesses.blocked.retryAfterSeconds), ...NO_STORE },
    })
  }
  const { unknown, response } = await action()
  if (unknown) guesses.failed()
  return response
}

/** Back to the link's page, which now shows the result (POST, redirect, GET). */
function seeOther(path: string): Response {
  return new Response(null, { status: 303, headers: { Location: path, ...NO_STORE } })
}

/** The first bytes of the body: enough for 'List-Unsubscribe=One-Click', never a whole upload. */
async function bodyStart(request: Request, limit = 2048): Promise<string> {
  const reader = request.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  while (size < limit) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    size += value.byteLength
  }
  await reader.cancel().catch(() => {})
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, limit))
}

export function confirmLinkPost(token: string): Promise<Response> {
  return guardedLink(async () => {
    const outcome = await confirmSubscription(await getDb(), token, {
      origin: publicOrigin(),
      site: siteInfo(),
      pendingDays: config().NEWSLETTER_PENDING_DAYS,
    })
    if (outcome === 'confirmed') kickOutbox()
    return { unknown: outcome === 'unknown', response: seeOther(confirmPath(encodeURIComponent(token))) }
  })
}

export function unsubscribeLinkPost(request: Request, token: string): Promise<Response> {
  return guardedLink(async () => {
    const oneClick = /(^|[&\s"])List-Unsubscribe(=|"\s*\r?\n\r?\n)One-Click/.test(await bodyStart(request))
    const outcome = await unsubscribeNewsletter(await getDb(), token)
    const unknown = outcome === 'unknown'
    if (!oneClick) return { unknown, response: seeOther(unsubscribePath(encodeURIComponent(token))) }
    // A mail program's one-click: a short plain answer, no redirect to follow.
    const response = new Response(unknown ? 'Dieser Abmeldelink ist ungültig.' : 'Sie sind vom Newsletter abgemeldet.', {
      status: unknown ? 404 : 200,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE },
    })
    return { unknown, response }
  })
}
