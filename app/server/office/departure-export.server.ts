// A departure's list as a file (issue 25, item 6): `/buero/termine/{id}/{liste}.pdf` or `.csv`, for a
// signed-in staff member only; anybody else, an id that is not a number or not a date, and a list
// name that does not exist get the same 404.
import { parseId } from '~/lib/ids'
import { departureListDocument, departureLists, downloadName, parseListFile } from '~/lib/office/departure-lists'
import { toCsv } from '~/lib/office/csv'
import { log } from '../log.server'
import { getDb } from '../runtime.server'
import { siteInfo } from '../site.server'
import { renderDepartureListPdf } from './departure-pdf.server'
import { loadDeparture } from './departures.server'
import { currentStaff, needsTwoFactorSetup } from './staff.server'

const notFound = () =>
  new Response('Diese Seite gibt es nicht.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

export async function departureListResponse(params: { id: string; datei: string }): Promise<Response> {
  const staff = await currentStaff()
  if (!staff || needsTwoFactorSetup(staff)) return notFound()
  const id = parseId(params.id)
  const file = parseListFile(params.datei)
  if (id === null || file === null) return notFound()
  const departure = await loadDeparture(await getDb(), id)
  // A list the departure does not offer (a day trip's Rooming-Liste) is not there either.
  if (!departure || !departureLists(departure.facts.durationDays).includes(file.list)) return notFound()

  const list = departureListDocument(departure, file.list)
  log('info', 'departure list', { list: file.list, format: file.format, rows: list.csv.rows.length })
  const headers = {
    'Content-Disposition': `attachment; filename="${downloadName(file.list, file.format, departure.facts.code)}"`,
    'Cache-Control': 'no-store',
  }
  if (file.format === 'csv') {
    return new Response(toCsv(list.csv.header, list.csv.rows), { headers: { ...headers, 'Content-Type': 'text/csv; charset=utf-8' } })
  }
  const pdf = await renderDepartureListPdf(list, departure.facts, siteInfo())
  return new Response(new Uint8Array(pdf), { headers: { ...headers, 'Content-Type': 'application/pdf' } })
}
