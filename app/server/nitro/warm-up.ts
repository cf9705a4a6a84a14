// Nitro loads the app on the first request. This runtime plugin sends that request itself at start,
// so the configuration is validated (a wrong value stops the process with one line) and the database
// is opened, migrated and seeded before the first visitor arrives.
import { definePlugin } from 'nitro'

export default definePlugin((nitroApp) => {
  setTimeout(() => {
    Promise.resolve(nitroApp.fetch(new Request('http://localhost/api/health'))).catch(() => {
      // The health route logs its own failures.
    })
  }, 0)
})
