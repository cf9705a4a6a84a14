// A number input in German notation: grouping dots appear while typing, the comma is the decimal
// separator, fraction digits are limited and an unsigned input takes no minus (spec 5).
import type { InputHTMLAttributes, ReactNode } from 'react'
import { caretAfterNumberFormat } from '~/lib/mask-input'
import { formatLocaleNumberInput, parseLocaleNumber } from '~/lib/masks'
import { Field, describedBy } from './Field'
import { useFormattedInput } from './useFormattedInput'

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
  const input = useFormattedInput(
    value,
    (typed, caret) => {
      const formatted = formatLocaleNumberInput(typed, { fractionDigits, unsigned })
      return { text: formatted, caret: caretAfterNumberFormat(typed, caret, formatted) }
    },
    (formatted) => onValueChange(formatted, parseLocaleNumber(formatted)),
  )

  // Phone keypads have no minus key: a signed field gets the full keyboard.
  const inputMode = !unsigned ? 'text' : fractionDigits > 0 ? 'decimal' : 'numeric'

  return (
    <Field id={id} label={label} required={isRequired} hint={hint ?? numberHint(fractionDigits, unsigned)} error={error} className={className}>
      <span className="number-input">
        <input
          {...rest}
          {...input}
          id={id}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          spellCheck={false}
          aria-required={isRequired || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, true, Boolean(error))}
        />
        {suffix ? (
          <span className="number-input__suffix" aria-hidden="true">
            {suffix}
          </span>
        ) : null}
      </span>
    </Field>
  )
}
