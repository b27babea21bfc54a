import { lazy, Suspense } from 'react'
import { useLibrary } from '#/features/reading/api/library.ts'

/** Books shown at most in the strip; the library page has them all. */
export const STRIP_SIZE = 12

// The strip's code (cards, progress bars, a page form) loads only for a reader who is reading something.
const CurrentlyReadingStrip = lazy(async () => ({ default: (await import('#/features/reading/components/currently-reading-strip.tsx')).CurrentlyReadingStrip }))

/**
 * Currently Reading: each book with its progress bar; for the reader themself (Home, own profile) a
 * page box to update progress in one step. Nothing when no book is being read.
 */
export function CurrentlyReading({ userId, own }: { userId: string; own: boolean }) {
  const list = useLibrary(userId, 'reading', { pageSize: STRIP_SIZE })
  if (list.isPending || list.isError || list.items.length === 0) return null
  return (
    <Suspense fallback={null}>
      <CurrentlyReadingStrip userId={userId} own={own} list={list} />
    </Suspense>
  )
}
