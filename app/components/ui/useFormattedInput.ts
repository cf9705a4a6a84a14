// For inputs that reformat what is typed (masks, German numbers): the caret stays behind what the
// user just typed, after React has rendered the formatted value.
import { useLayoutEffect, useRef } from 'react'
import type { ChangeEvent } from 'react'

export type Formatted = { text: string; caret: number }

/**
 * `format` turns the typed text and caret into the text to show and where the caret goes;
 * `commit` passes a changed text on. Spread the result onto the `<input>`.
 */
export function useFormattedInput(value: string, format: (typed: string, caret: number) => Formatted, commit: (text: string) => void) {
  const ref = useRef<HTMLInputElement>(null)
  const pendingCaret = useRef<number | null>(null)

  useLayoutEffect(() => {
    const input = ref.current
    const caret = pendingCaret.current
    pendingCaret.current = null
    if (input && caret !== null && document.activeElement === input) input.setSelectionRange(caret, caret)
  }, [value])

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target
    const typed = input.value
    const { text, caret } = format(typed, input.selectionStart ?? typed.length)
    if (text === value) {
      // Nothing changes (a character that does not fit): React would not re-render, so the DOM
      // is put back here, with the caret where it was.
      input.value = text
      input.setSelectionRange(caret, caret)
      return
    }
    pendingCaret.current = caret
    commit(text)
  }

  return { ref, value, onChange }
}
