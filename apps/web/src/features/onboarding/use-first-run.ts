import { useState } from 'react'
import { isFirstRunDismissed } from '#/features/onboarding/first-run-memory.ts'

/**
 * Whether the own profile shows the first-run invitation: decided once per visit, when the library's
 * counts arrive (every count 0, not dismissed before), so picking a first book does not pull the
 * panel away from under the reader.
 */
export function useFirstRun(userId: string, libraryCounts: Record<string, number> | undefined): { isShown: boolean; hide: () => void } {
  const [state, setState] = useState<'waiting' | 'shown' | 'hidden'>('waiting')
  if (state === 'waiting' && libraryCounts) {
    setState(Object.values(libraryCounts).every((n) => n === 0) && !isFirstRunDismissed(userId) ? 'shown' : 'hidden')
  }
  return { isShown: state === 'shown', hide: () => setState('hidden') }
}
