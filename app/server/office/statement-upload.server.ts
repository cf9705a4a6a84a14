// The upload of a bank statement (POST /buero/kontoauszuege/einlesen): the CAMT.053 file as the
// body, its name in a header, for a signed-in staff member; same-origin like every state-changing
// request (app/server/http/same-origin.ts, also applied by the route itself). Larger than a function call may be, so it has its own limit.
import { withoutControlCharacters } from '~/lib/control-characters'
import { MAX_STATEMENT_BYTES } from '~/lib/office/bank-statement'
import { readBodyLimited } from '../http/body-limit.server'
import { jsonError } from '../http/query'
import { log } from '../log.server'
import { getDb } from '../runtime.server'
import { bookingSettings } from '../services/booking/runtime.server'
import { importStatement } from './bank-statements.server'
import { currentStaff, needsTwoFactorSetup } from './staff.server'

const noStore = { 'Cache-Control': 'no-store' }

/** The file name the browser sent (URI-encoded in a header), without a path; a default when none. */
function fileNameOf(request: Request): string {
  let name = ''
  try {
    name = decodeURIComponent(request.headers.get('x-datei-name') ?? '')
  } catch {
    name = ''
  }
  name = name.replace(/^.*[\\/]/, '').replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return name.slice(0, 200) || 'Kontoauszug.xml'
}

export async function statementUploadResponse(request: Request): Promise<Response> {
  const staff = await currentStaff()
  if (!staff || needsTwoFactorSetup(staff)) return jsonError(404, 'Diese Seite gibt es nicht.', noStore)
  const body = await readBodyLimited(request, MAX_STATEMENT_BYTES)
  if (body === 'aborted') return new Response(null, { status: 400 })
  if (body === 'too-large') return jsonError(413, `Die Datei ist zu groß: höchstens ${MAX_STATEMENT_BYTES / 1024 / 1024} MB sind erlaubt.`, noStore)
  let xml: string
  try {
    xml = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body)
  } catch {
    return jsonError(400, 'Die Datei ist keine Textdatei in UTF-8. Bitte laden Sie den Kontoauszug im Format CAMT.053 (XML) hoch.', noStore)
  }
  // The rule for every text input: control characters are dropped (XML 1.0 allows none of them either).
  const result = await importStatement(await getDb(), withoutControlCharacters(xml), fileNameOf(request), staff, (await bookingSettings()).bank.iban)
  if (result.kind === 'refused') return jsonError(400, result.message, noStore)
  log('info', 'bank statement imported', { ...result.counts, skipped: result.skipped })
  return Response.json(result, { headers: noStore })
}

export function uploadMethodNotAllowed(): Response {
  return jsonError(405, 'Bitte laden Sie den Kontoauszug auf der Seite „Kontoauszüge“ hoch.', { ...noStore, Allow: 'POST' })
}
