// The office's invoice download on the request: the session of its cookies, the app's database,
// settings and origin (the work is in ./invoice-download.server.ts).
import { publicOrigin } from '../origin.server'
import { getDb } from '../runtime.server'
import { bookingSettings } from '../services/booking/runtime.server'
import { siteInfo } from '../site.server'
import { invoiceDownload } from './invoice-download.server'
import { currentStaff } from './staff.server'

export async function invoiceFileResponse(params: { nummer: string; datei: string }): Promise<Response> {
  return invoiceDownload(await getDb(), await currentStaff(), params, { settings: await bookingSettings(), site: siteInfo(), origin: publicOrigin() })
}
