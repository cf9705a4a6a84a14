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

const NO_STORE = { 'Cache-Control': 'no-store' }

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

export async function confirmLinkPost(token: string): Promise<Response> {
  const outcome = await confirmSubscription(await getDb(), token, {
    origin: publicOrigin(),
    site: siteInfo(),
    pendingDays: config().NEWSLETTER_PENDING_DAYS,
  })
  if (outcome === 'confirmed') kickOutbox()
  return seeOther(confirmPath(encodeURIComponent(token)))
}

export async function unsubscribeLinkPost(request: Request, token: string): Promise<Response> {
  const oneClick = /(^|[&\s"])List-Unsubscribe(=|"\s*\r?\n\r?\n)One-Click/.test(await bodyStart(request))
  const outcome = await unsubscribeNewsletter(await getDb(), token)
  if (!oneClick) return seeOther(unsubscribePath(encodeURIComponent(token)))
  // A mail program's one-click: a short plain answer, no redirect to follow.
  return new Response(outcome === 'unknown' ? 'Dieser Abmeldelink ist ungültig.' : 'Sie sind vom Newsletter abgemeldet.', {
    status: outcome === 'unknown' ? 404 : 200,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE },
  })
}
