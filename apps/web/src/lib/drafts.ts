// What a reader has typed but not yet sent, kept in this tab's sessionStorage: it survives a trip to
// /login and back, a reload, or leaving the page, and goes when the tab closes or it is sent.

const PREFIX = 'shelfwise:draft:'

/** This tab's sessionStorage, or undefined where it is refused (drafts and pending actions live there). */
export const tabStorage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage
  } catch {
    return undefined
  }
}

/** The draft under a key, if one is kept and `accept` recognises it (anything else is dropped). */
export function readDraft<T>(key: string, accept: (value: unknown) => value is T): T | undefined {
  const raw = tabStorage()?.getItem(PREFIX + key)
  if (!raw) return undefined
  try {
    const value: unknown = JSON.parse(raw)
    if (accept(value)) return value
  } catch {
    // not ours, or cut short: fall through and drop it
  }
  clearDraft(key)
  return undefined
}

export function writeDraft(key: string, value: unknown): void {
  try {
    tabStorage()?.setItem(PREFIX + key, JSON.stringify(value))
  } catch {
    // Storage full or refused (private mode): the draft is simply not kept.
  }
}

export function clearDraft(key: string): void {
  tabStorage()?.removeItem(PREFIX + key)
}
