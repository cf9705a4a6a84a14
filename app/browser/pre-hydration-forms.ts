// Forms are painted before the app has hydrated them (DECISIONS: Performance, "code fetched after
// the first paint"). What a visitor does with a form in that time is kept:
// - React adopts a typed value without telling the component's state, and the next render would
//   put the server's value back: each changed control is announced to React as the change it is
//   (`appFormProps` and `enhancedFormProps`);
// - a submit of a form that only the app can send (the server has no handler for its plain POST or
//   GET) would make the browser send the page's own address and lose what was typed: a script in
//   the document's head holds it, and it is sent again once React has the form (`appFormProps`).

const APP_FORM_ATTRIBUTE = 'data-app-form'
const STATE_KEY = '__preHydrationForms'

type HeldSubmit = { form: HTMLFormElement; submitter: HTMLElement | null }
type GuardState = {
  /** The forms in the server's HTML: only in these can a visitor act before React has them. */
  serverForms: WeakSet<Element>
  /** Forms React has taken over: their submits go to React's handler. */
  hydratedForms: WeakSet<HTMLFormElement>
  held: HeldSubmit | undefined
}

/**
 * Runs inline in the document's head (`holdSubmitsScript`), before the first form is parsed: the
 * browser entry is an async module that may run only after a visitor has sent a form, and that
 * submit would put what was typed, a password or an IBAN, into the address. Self-contained, as
 * it is sent as its own source text.
 */
function holdSubmitsUntilHydrated(attribute: string, stateKey: string): void {
  const state: GuardState = { serverForms: new WeakSet(), hydratedForms: new WeakSet(), held: undefined }
  Object.defineProperty(window, stateKey, { value: state })
  document.addEventListener(
    'DOMContentLoaded',
    () => {
      for (const form of document.forms) state.serverForms.add(form)
    },
    { once: true },
  )
  window.addEventListener(
    'submit',
    (event) => {
      const form = event.target
      // A form React renders itself is React's from its first paint on: only server forms are held.
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute(attribute) || state.hydratedForms.has(form)) return
      // Stopped before React's listener and the browser; the last submit is the one that counts.
      event.preventDefault()
      event.stopImmediatePropagation()
      state.held = { form, submitter: event.submitter }
      // The visitor sees that the click was taken (the button looks busy until React sends it).
      event.submitter?.setAttribute('aria-busy', 'true')
    },
    { capture: true },
  )
}

/** The guard as the inline script the document's head carries (app/components/layout/DocumentHead.tsx). */
export const holdSubmitsScript = `(${holdSubmitsUntilHydrated.toString()})(${JSON.stringify(APP_FORM_ATTRIBUTE)},${JSON.stringify(STATE_KEY)})`

/** The guard's state; missing only where the head's script did not run (no such page is served). */
function guardState(): GuardState | undefined {
  return (window as unknown as Record<string, GuardState | undefined>)[STATE_KEY]
}

function isToggle(control: Element): control is HTMLInputElement {
  return control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')
}

/** Whether the visitor changed the control from what the server rendered. */
function changedByVisitor(control: Element): boolean {
  // A radio button is replayed where it was chosen: the one left follows as part of its group.
  if (isToggle(control)) return control.type === 'radio' ? control.checked && !control.defaultChecked : control.checked !== control.defaultChecked
  if (control instanceof HTMLSelectElement) {
    const options = [...control.options]
    // Without a `selected` option in the HTML, a list shows its first one.
    return control.multiple
      ? options.some((option) => option.selected !== option.defaultSelected)
      : control.selectedIndex !== Math.max(0, options.findIndex((option) => option.defaultSelected))
  }
  return (control instanceof HTMLInputElement && control.type !== 'hidden') || control instanceof HTMLTextAreaElement ? control.value !== control.defaultValue : false
}

/**
 * Replays a change made before hydration. React compares a control with the value it last saw
 * (set through the element's own property), so the control is first set back to the server's
 * value that way, then given the visitor's value as a visitor would (a click) or past React (the
 * prototype's setter), followed by the event React listens to for that kind of control.
 */
function replayChange(control: Element): void {
  if (isToggle(control)) {
    control.checked = control.defaultChecked
    control.click()
  } else if (control instanceof HTMLSelectElement) {
    control.dispatchEvent(new Event('change', { bubbles: true }))
  } else if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
    const typed = control.value
    control.value = control.defaultValue
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set?.call(control, typed)
    control.dispatchEvent(new Event('input', { bubbles: true }))
  }
}

function formHydrated(form: HTMLFormElement | null): void {
  const state = guardState()
  if (!form || !state || state.hydratedForms.has(form)) return
  state.hydratedForms.add(form)
  // A form the app renders itself (after a client navigation) shows only the app's values.
  const typedBefore = state.serverForms.has(form)
  const submit = state.held?.form === form ? state.held : undefined
  if (submit) state.held = undefined
  // At once, in the commit that hydrated the form: React's handlers are attached by now, and the
  // render the fields' own mounting asks for comes after this commit. Were it put off to a later
  // task, that render would set each control back to the server's value and a click in between
  // would send an empty form.
  if (typedBefore) for (const control of [...form.elements].filter(changedByVisitor)) replayChange(control)
  if (!submit) return
  // In a task of its own, once the replayed values are rendered.
  setTimeout(() => {
    submit.submitter?.removeAttribute('aria-busy')
    form.requestSubmit(submit.submitter?.isConnected ? submit.submitter : null)
  }, 0)
}

/**
 * Spread onto the `<form>` of a form that only works with the app. Its method is POST so that even
 * a browser without scripts never puts what was typed into the address: the page answers such a
 * POST with itself.
 */
export const appFormProps = { [APP_FORM_ATTRIBUTE]: '', method: 'post', ref: formHydrated } as const

/** Spread onto a `<form>` that works without the app but whose fields the app controls. */
export const enhancedFormProps = { ref: formHydrated } as const
