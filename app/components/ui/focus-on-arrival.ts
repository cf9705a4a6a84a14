/**
 * A ref that gives an element the focus as it appears (a page's heading, the note of what just
 * happened): a screen reader starts there, and Tab goes on from it. The element needs tabIndex -1.
 * A visitor already typing in a field keeps it: on a slow first load the page hydrates while they
 * type, and the heading taking the focus then would swallow the next keystrokes.
 */
export const focusOnArrival = (element: HTMLElement | null) => {
  const active = typeof document === 'undefined' ? null : document.activeElement
  const typing = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement || (active instanceof HTMLElement && active.isContentEditable)
  if (!typing) element?.focus({ preventScroll: true })
}
