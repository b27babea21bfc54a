// Whether a reader closed the first-run invitation, kept per reader in this browser (issue 22).

const keyOf = (userId: string) => `shelfwise:first-run-dismissed:${userId}`

export function isFirstRunDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(keyOf(userId)) === '1'
  } catch {
    return false
  }
}

export function dismissFirstRun(userId: string): void {
  try {
    localStorage.setItem(keyOf(userId), '1')
  } catch {
    // Storage refused (private mode, full): the invitation simply comes back next time.
  }
}
