// The browser entry: a few bytes that fetch the app (app/hydrate.tsx) and the page's chunks once
// the server's HTML has been painted (app/lib/first-paint.ts). A form that needs the app and is
// sent before React has taken it over is held until then (app/lib/pre-hydration-forms.ts).
import { guardFormsUntilHydrated } from './lib/pre-hydration-forms'
import { afterFirstPaint, preloadPageChunks } from './lib/first-paint'

guardFormsUntilHydrated()

afterFirstPaint(() => {
  void import('./hydrate')
  setTimeout(preloadPageChunks, 0)
})
