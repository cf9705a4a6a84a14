// The last stage of the code the hydration imports (app/hydrate.ts): the router, the route tree
// and what they import. Imported through this module, not as the router library's index: a dynamic
// import of that index would bring all of it, including what the app never uses.
export { RouterProvider } from '@tanstack/react-router'
export { hydrateStart } from '@tanstack/react-start/client'
