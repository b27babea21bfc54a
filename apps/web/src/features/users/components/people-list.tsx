import Box from '@mui/material/Box'
import type { PersonRow as Person } from '@shelfwise/contracts'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import { PagedListFooter } from '#/components/paged-list-footer.tsx'
import type { PagedList } from '#/lib/paged-list.ts'
import { PersonRow } from '#/features/users/components/person-row.tsx'

export const PEOPLE_TEXT = {
  noFollowers: 'No followers yet',
  noFollowing: 'Not following anyone yet',
  failed: 'Failed to load follow data',
} as const

/** Followers or following of one reader, read a page at a time to the end. */
export function PeopleList({ list, viewedId, emptyMessage, label }: { list: PagedList<Person>; viewedId: string; emptyMessage: string; label: string }) {
  if (list.isPending) return <SectionSpinner label="Loading people" />
  if (list.isError) return <ErrorAlert>{PEOPLE_TEXT.failed}</ErrorAlert>
  if (list.items.length === 0) return <EmptyState message={emptyMessage} />
  return (
    <>
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {list.items.map((p) => (
          <PersonRow key={p._id} person={p} viewedId={viewedId} />
        ))}
      </Box>
      <Box sx={{ pb: 2 }}>
        <PagedListFooter list={list} errorText={PEOPLE_TEXT.failed} what="people" />
      </Box>
    </>
  )
}
