// A text input that formats what is typed with a spec-5 mask (# digit, @ letter, * letter or
// digit): literals appear by themselves, characters that do not fit are skipped, and the caret
// stays behind what the user just typed.
import type { InputHTMLAttributes, ReactNode } from 'react'
import { caretAfterMask, describeMask, maskInputMode } from '~/lib/mask-input'
import { applyMask, unmask } from '~/lib/masks'
import { Field, describedBy } from './Field'
import { useFormattedInput } from './useFormattedInput'

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
  const input = useFormattedInput(
    value,
    (typed, caret) => {
      const masked = applyMask(mask, typed)
      return { text: masked, caret: caretAfterMask(mask, typed, caret, masked) }
    },
    (masked) => onValueChange(masked, unmask(mask, masked)),
  )

  return (
    <Field id={id} label={label} required={isRequired} hint={hint ?? `Format: ${describeMask(mask)}`} error={error} className={className}>
      <input
        {...rest}
        {...input}
        id={id}
        type="text"
        inputMode={maskInputMode(mask)}
        maxLength={mask.length}
        spellCheck={false}
        autoCapitalize="characters"
        aria-required={isRequired || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, true, Boolean(error))}
      />
    </Field>
  )
}
