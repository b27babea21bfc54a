// The verified caller of a request: who a signed-in reader's token speaks for. Services take it from
// the auth guard (plugins/auth.ts), never from anything the request carries.

import type { TokenScope } from '@shelfwise/contracts'

export interface Actor {
  id: string
  /** The token's own id and expiry, for logout. */
  jti: string
  exp: number
  /**
   * Set for a personal access token only (decision 0045): its id and the scopes it was granted. A
   * session (the web app's sign-in) has neither and may do everything its reader may.
   */
  personalToken?: { id: string; scopes: readonly TokenScope[] }
}
