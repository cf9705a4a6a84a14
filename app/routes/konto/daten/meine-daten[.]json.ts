import { createFileRoute } from '@tanstack/react-router'
import { currentCustomer } from '~/server/account/customer.server'
import { accountExport } from '~/server/account/profile.server'
import { publicOrigin } from '~/server/origin.server'
import { getDb } from '~/server/runtime.server'
import { bookingSettings } from '~/server/services/booking/runtime.server'

/** All the site keeps about the signed-in customer, as a JSON file (Art. 15 and 20 DSGVO). */
export const Route = createFileRoute('/konto/daten/meine-daten.json')({
  server: {
    handlers: {
      GET: async () => {
        const customer = await currentCustomer()
        if (!customer) {
          return new Response('Bitte melden Sie sich an, um Ihre Daten herunterzuladen.', {
            status: 404,
            headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
          })
        }
        const data = await accountExport(await getDb(), customer, await bookingSettings(), publicOrigin())
        return new Response(JSON.stringify(data, null, 2), {
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Disposition': 'attachment; filename="meine-daten.json"',
            'Cache-Control': 'no-store',
          },
        })
      },
    },
  },
})
