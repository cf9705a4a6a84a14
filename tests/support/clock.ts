/** A clock the test moves by hand, for code that takes `now: () => number`. */
export function manualClock(start = 1_000_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}
