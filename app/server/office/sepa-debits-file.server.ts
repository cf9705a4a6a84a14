// A pain.008 file of the office (issue 26, item 3): `/buero/lastschriften/{msgid}.xml`, exactly as it
// was made (the same message id, so a bank refuses it as a duplicate if it was submitted already),
// for a signed-in staff member only; anybody else and a file that does not exist get the same 404.
import { getDb } from '../runtime.server'
import { exportFile } from './sepa-debits.server'
import { currentStaff, needsTwoFactorSetup } from './staff.server'

const notFound = () =>
  new Response('Diese Seite gibt es nicht.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

export async function debitFileResponse(params: { datei: string }): Promise<Response> {
  const staff = await currentStaff()
  if (!staff || needsTwoFactorSetup(staff)) return notFound()
  const msgId = /^(LS-\d{4}-\d{2}-\d{2}-\d{1,9})\.xml$/.exec(params.datei)?.[1]
  if (!msgId) return notFound()
  const file = await exportFile(await getDb(), msgId)
  if (!file) return notFound()
  return new Response(file.xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.messageId}.xml"`,
      'Cache-Control': 'no-store',
    },
  })
}
