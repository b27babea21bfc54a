import { cleanShelfName, SHELF_MESSAGES, shelfNameProblem, statusNamed } from '@shelfwise/contracts'

/** Why a typed name cannot be a shelf's, in the server's words (so nothing is sent that would be refused); undefined when it can. */
export function shelfNameError(typed: string): string | undefined {
  const name = cleanShelfName(typed)
  const problem = shelfNameProblem(name)
  if (problem) return `The shelf name ${problem}`
  const status = statusNamed(name)
  return status ? SHELF_MESSAGES.reserved(name, status) : undefined
}
