// The verified caller of a request: who a signed-in reader's token speaks for. Services take it from
// the auth guard (plugins/auth.ts), never from anything the request carries.

export interface Actor {
  id: string
  /** The token's own id and expiry, for logout. */
  jti: string
  exp: number
}
