import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { LIMITS } from '@shelfwise/contracts/constants'
import type { FollowedBookEntry } from '@shelfwise/contracts'
import { BookCard } from '#/components/book-card.tsx'
import { BookGrid } from '#/components/book-grid.tsx'
import { profileImageUrl } from '#/lib/format.ts'
import { Section } from '#/components/section.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { useFollowedBooks } from '#/features/books/api/get-followed-books.ts'

export const FOLLOWED_ERROR = 'Failed to fetch books from followed users'

/** Home's From People You Follow, for a signed-in reader: nothing when the people they follow did nothing lately. */
export function FollowedSection({ viewerId }: { viewerId: string }) {
  const { data, isPending, isError } = useFollowedBooks(viewerId)
  if (isPending)
    return (
      <Section title="From People You Follow">
        <SectionSpinner label="Loading books from people you follow" />
      </Section>
    )
  if (isError)
    return (
      <Section title="From People You Follow">
        <ErrorAlert>{FOLLOWED_ERROR}</ErrorAlert>
      </Section>
    )
  if (data.length === 0) return null
  return (
    <Section title="From People You Follow">
      <FollowedBooks entries={data} />
    </Section>
  )
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** From People You Follow: each book with up to 3 avatars of recent activity. */
export function FollowedBooks({ entries }: { entries: FollowedBookEntry[] }) {
  return (
    <BookGrid label="From People You Follow">
      {entries.map((e) => {
        const people = e.recentActivity.slice(0, LIMITS.activityAvatars)
        return (
          <BookCard
            key={e.book._id}
            book={e.book}
            variant="preview"
            footer={
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
                <Box sx={{ display: 'flex', '& > *:not(:first-of-type)': { ml: -1 } }}>
                  {people.map((a, i) => (
                    <Avatar
                      key={`${a.user._id}-${i}`}
                      alt={a.user.username}
                      src={profileImageUrl(a.user.profileImage)}
                      data-testid="activity-avatar"
                      sx={{ width: 28, height: 28, fontSize: 14, border: 2, borderColor: 'background.paper' }}
                    >
                      {a.user.username.charAt(0).toUpperCase()}
                    </Avatar>
                  ))}
                </Box>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {plural(e.reviewCount, 'review', 'reviews')} · {plural(e.readCount, 'read', 'reads')}
                </Typography>
              </Box>
            }
          />
        )
      })}
    </BookGrid>
  )
}
