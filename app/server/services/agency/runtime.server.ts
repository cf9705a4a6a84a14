// Process-wide agency login state: the failed-attempt counters of this app instance.
import { createLoginThrottles } from './login.server'
import type { LoginThrottles } from './login.server'

let throttles: LoginThrottles | undefined

export function loginThrottles(): LoginThrottles {
  throttles ??= createLoginThrottles()
  return throttles
}
