// An invoice of the signed-in customer's own booking as a PDF (issue 27): the office's invoice file,
// behind the account's ownership check instead of the staff session.
import { invoiceFile, notFound } from '../office/invoice-download.server'
import { publicOrigin } from '../origin.server'
import { getDb } from '../runtime.server'
import { bookingSettings } from '../services/booking/runtime.server'
import { siteInfo } from '../site.server'
import { signedInCustomerOwns } from './customer.server'

export async function customerInvoiceResponse(params: { nummer: string; datei: string }): Promise<Response> {
  if (!(await signedInCustomerOwns(params.nummer))) return notFound()
  return invoiceFile(await getDb(), params, { settings: await bookingSettings(), site: siteInfo(), origin: publicOrigin() })
}
