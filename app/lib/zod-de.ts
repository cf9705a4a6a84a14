// German messages for every zod schema, in the browser and on the server (imported once by the
// router and by the configuration).
import { z } from 'zod'

z.config(z.locales.de())
