// A text input that formats what is typed with a spec-5 mask (# digit, @ letter, * letter or
// digit): literals appear by themselves, characters that do not fit are skipped, and the caret
// stays behind what the user just typed.
import { useLayoutEffect, useRef } from 'react'
import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react'
import { caretAfterMask, describeMask, maskInputMode } from '~/lib/mask-input'
import { applyMask, unmask } from '~/lib/masks'

export type MaskedInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode' | 'id'> & {
  id: string
  label: ReactNode
  /** '#####', '##.##.####', 'DE## #### …', '@@-####' … */
  mask: string
  /** The masked value as shown ('12.03.2027'). */
  value: string
  /** The masked value and the raw characters without literals ('12032027'). */
  onValueChange: (masked: string, raw: string) => void
  /** The pattern in words; defaults to a description of the mask ('Format: 5 Ziffern'). */
  hint?: ReactNode
  error?: string
  /** Shows the required marker; the input gets aria-required. */
  isRequired?: boolean
}

export function MaskedInput({ id, label, mask, value, onValueChange, hint, error, isRequired = false, className, ...rest }: MaskedInputProps) {
  const ref = useRef<HTMLInputElement>(null)
  const pendingCaret = useRef<number | null>(null)
  const hintId = `${id}-hint`
  const errorId = `${id}-error`

  useLayoutEffect(() => {
    const input = ref.current
    const caret = pendingCaret.current
    pendingCaret.current = null
    if (input && caret !== null && document.activeElement === input) input.setSelectionRange(caret, caret)
  }, [value])

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target
    const typed = input.value
    const masked = applyMask(mask, typed)
    const caret = caretAfterMask(mask, typed, input.selectionStart ?? typed.length, masked)
    if (masked === value) {
      // Nothing changes (a character that does not fit): React would not re-render, so the DOM
      // is put back here, with the caret where it was.
      input.value = masked
      input.setSelectionRange(caret, caret)
      return
    }
    pendingCaret.current = caret
    onValueChange(masked, unmask(mask, masked))
  }

  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
        {isRequired ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <span id={hintId} className="field__hint">
        {hint ?? `Format: ${describeMask(mask)}`}
      </span>
      <input
        {...rest}
        ref={ref}
        id={id}
        type="text"
        inputMode={maskInputMode(mask)}
        value={value}
        onChange={handleChange}
        maxLength={mask.length}
        spellCheck={false}
        autoCapitalize="characters"
        aria-required={isRequired || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
