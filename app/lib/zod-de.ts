// German messages for every zod schema, in the browser and on the server (imported once by the
// router and by the configuration).
import { config } from 'zod/mini'
import { de } from 'zod/locales'

config(de())
