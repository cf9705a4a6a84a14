import type { ComponentPropsWithRef, MouseEvent } from 'react'
import { Spinner } from './Spinner'

export type ButtonVariant = 'primary' | 'secondary' | 'accent' | 'ghost'
export type ButtonSize = 'normal' | 'large' | 'small'

export type ButtonStyleOptions = {
  /** 'accent' is reserved for "Buchen" and "zahlungspflichtig buchen" (DESIGN 10). */
  variant?: ButtonVariant
  /** 'small' still keeps the 44 px tap target; it only tightens padding and font size. */
  size?: ButtonSize
  /** Full width (e.g. the booking button on a phone). */
  block?: boolean
}

/** The classes of a button, for links that look like one: `<Link className={buttonClassName({ variant: 'accent' })}>`. */
export function buttonClassName({ variant = 'primary', size = 'normal', block = false }: ButtonStyleOptions = {}, extra?: string): string {
  return ['button', `button--${variant}`, size === 'normal' ? '' : `button--${size}`, block ? 'button--block' : '', extra ?? '']
    .filter(Boolean)
    .join(' ')
}

export type ButtonProps = ComponentPropsWithRef<'button'> &
  ButtonStyleOptions & {
    /** Shows a spinner, sets aria-busy and ignores clicks while the action runs; the button keeps its focus. */
    busy?: boolean
  }

/**
 * A native button. `type` defaults to "button": a form's submit button says `type="submit"`, so
 * that no other button in the form sends it by accident.
 */
export function Button({ variant, size, block, busy = false, className, type = 'button', onClick, children, ...rest }: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault()
      return
    }
    onClick?.(event)
  }
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName({ variant, size, block }, className)}
      onClick={handleClick}
      aria-busy={busy || undefined}
      aria-disabled={busy ? true : rest['aria-disabled']}
    >
      {busy ? <Spinner size="small" decorative /> : null}
      {children}
    </button>
  )
}
