/** A promise with the function that resolves it (Promise.withResolvers needs Safari 17.4; older iPads stop at 16). */
export type Resolvable = { readonly promise: Promise<void>; readonly resolve: () => void }

export function resolvable(): Resolvable {
  let resolve = () => {}
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}
