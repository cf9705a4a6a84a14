// Process-wide agency login state: the failed-attempt counters of this app instance.
import { createLoginThrottles } from '../../auth/login-throttle.server'
import type { LoginThrottles } from '../../auth/login-throttle.server'

let throttles: LoginThrottles | undefined

export function loginThrottles(): LoginThrottles {
  throttles ??= createLoginThrottles()
  return throttles
}
