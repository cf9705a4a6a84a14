// The browser entry: a few bytes that fetch the app (app/hydrate.tsx) and the page's chunks once
// the server's HTML has been painted (app/lib/first-paint.ts).
import { afterFirstPaint, preloadPageChunks } from './lib/first-paint'

afterFirstPaint(() => {
  void import('./hydrate')
  setTimeout(preloadPageChunks, 0)
})
