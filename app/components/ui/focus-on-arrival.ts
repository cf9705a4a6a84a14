/**
 * A ref that gives an element the focus as it appears (a page's heading, the note of what just
 * happened): a screen reader starts there, and Tab goes on from it. The element needs tabIndex -1.
 */
export const focusOnArrival = (element: HTMLElement | null) => element?.focus({ preventScroll: true })
