// The browser entry: a few bytes that begin the hydration (app/hydrate.ts) and fetch the page's
// chunks once the server's HTML has been painted (app/browser/first-paint.ts). A form that needs the
// app and is sent before React has taken it over is held by the head's script until then
// (app/browser/pre-hydration-forms.ts).
import { hydrate } from './hydrate'
import { afterFirstPaint, preloadPageChunks } from './browser/first-paint'

afterFirstPaint(() => {
  void hydrate()
  setTimeout(preloadPageChunks, 0)
})
