// A number input in German notation: grouping dots appear while typing, the comma is the decimal
// separator, fraction digits are limited and an unsigned input takes no minus (spec 5).
import { useLayoutEffect, useRef } from 'react'
import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react'
import { caretAfterNumberFormat } from '~/lib/mask-input'
import { formatLocaleNumberInput, parseLocaleNumber } from '~/lib/masks'

export type NumberInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode' | 'id'> & {
  id: string
  label: ReactNode
  /** The formatted text as shown ('1.234,5'). */
  value: string
  /** The formatted text and the number it stands for (null while empty or just '-'). */
  onValueChange: (formatted: string, value: number | null) => void
  /** Digits after the comma; 0 for whole numbers. */
  fractionDigits: number
  unsigned?: boolean
  /** A unit after the field, e.g. '€' (say it in the label too). */
  suffix?: string
  hint?: ReactNode
  error?: string
  isRequired?: boolean
}

/** The default hint: what the field accepts, in words. */
export function numberHint(fractionDigits: number, unsigned: boolean): string {
  const kind = fractionDigits > 0 ? `Zahl mit bis zu ${fractionDigits} Nachkommastellen (Komma als Trennzeichen)` : 'Ganze Zahl'
  return `Format: ${kind}${unsigned ? ', ohne Minuszeichen' : ''}`
}

export function NumberInput({
  id,
  label,
  value,
  onValueChange,
  fractionDigits,
  unsigned = false,
  suffix,
  hint,
  error,
  isRequired = false,
  className,
  ...rest
}: NumberInputProps) {
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
    const formatted = formatLocaleNumberInput(typed, { fractionDigits, unsigned })
    const caret = caretAfterNumberFormat(typed, input.selectionStart ?? typed.length, formatted)
    if (formatted === value) {
      input.value = formatted
      input.setSelectionRange(caret, caret)
      return
    }
    pendingCaret.current = caret
    onValueChange(formatted, parseLocaleNumber(formatted))
  }

  // Phone keypads have no minus key: a signed field gets the full keyboard.
  const inputMode = !unsigned ? 'text' : fractionDigits > 0 ? 'decimal' : 'numeric'

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
        {hint ?? numberHint(fractionDigits, unsigned)}
      </span>
      <span className="number-input">
        <input
          {...rest}
          ref={ref}
          id={id}
          type="text"
          inputMode={inputMode}
          value={value}
          onChange={handleChange}
          autoComplete="off"
          spellCheck={false}
          aria-required={isRequired || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
        />
        {suffix ? (
          <span className="number-input__suffix" aria-hidden="true">
            {suffix}
          </span>
        ) : null}
      </span>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
