// Nitro gives everything under /assets/ the build files' year-long Cache-Control, also the 404 of
// a file that does not exist (an old chunk asked for during a deploy): a browser or CDN would keep
// that 404 for a year. A missing asset is answered with no-store instead.
import { definePlugin } from 'nitro'

export default definePlugin((nitroApp) => {
  nitroApp.hooks.hook('response', (response, event) => {
    if (response.status === 404 && new URL(event.req.url).pathname.startsWith('/assets/')) response.headers.set('Cache-Control', 'no-store')
  })
})
