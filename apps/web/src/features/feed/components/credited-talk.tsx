import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { CreditedTalkItem } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { errorMessage } from '#/lib/api-client.ts'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { SpoilerText } from '#/components/spoiler-text.tsx'
import { WriterBadge } from '#/components/writer-badge.tsx'
import { aheadText } from '#/components/spoilers/position-texts.ts'
import { useCreditedTalk } from '#/features/feed/api/get-credited-talk.ts'
import { ActivityBook, ActivityRow } from '#/features/feed/components/activity-row.tsx'

// "Recent discussion of their books" on the profile of a reader credited as author or publisher
// (issue 23, point 5, decision 0059). Its own chunk: the Credited tab loads it when opened.

const CREDITED_TALK_TEXT = {
  heading: 'Recent discussion of their books',
  empty: 'Nothing has been said about their books yet.',
  error: 'Could not load the discussion of their books',
  loading: 'Loading the discussion of their books',
  spoiler: 'This review contains spoilers.',
} as const

const ACTION = { review: 'reviewed', comment: 'commented on a review of', post: 'posted in a discussion of' } as const
const OPEN = { review: 'Read the review', comment: 'See the comment', post: 'Open the discussion' } as const

/** Where an item leads: its discussion, or the book (its reviews and their comments are there). */
const targetOf = (item: CreditedTalkItem): string =>
  item.type === 'post' && item.discussionId ? paths.discussion.href(item.discussionId) : paths.book.href(item.book._id)

function TalkRow({ item }: { item: CreditedTalkItem }) {
  return (
    <ActivityRow
      actor={item.actor}
      action={
        <>
          <WriterBadge badge={item.badge} /> {ACTION[item.type]} <ActivityBook book={item.book} />
          {item.type === 'review' && item.rating ? `, ${item.rating} of 5` : ''}
        </>
      }
      title={item.type === 'post' && item.title}
      at={item.at}
      open={{ label: OPEN[item.type], to: targetOf(item), book: item.book.title }}
    >
      {item.withheld && item.position ? (
        <Typography sx={{ fontWeight: 600 }}>{aheadText(item.position)}</Typography>
      ) : item.spoiler ? (
        <Typography sx={{ fontStyle: 'italic', color: 'text.secondary' }}>{CREDITED_TALK_TEXT.spoiler}</Typography>
      ) : (
        item.text && (
          <Typography
            dir="auto"
            sx={{
              whiteSpace: 'pre-line',
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            <SpoilerText text={item.text} />
          </Typography>
        )
      )}
    </ActivityRow>
  )
}

/** The section: newest first, a few, each linked to what it is about; withheld ones say how far in they are. */
export default function CreditedTalk({ userId }: { userId: string }) {
  const talk = useCreditedTalk(userId)
  return (
    <Box component="section" aria-labelledby="credited-talk-heading" sx={{ mt: 3 }}>
      <Typography id="credited-talk-heading" variant="h6" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {CREDITED_TALK_TEXT.heading}
      </Typography>
      {talk.isPending ? (
        <SectionSpinner label={CREDITED_TALK_TEXT.loading} />
      ) : talk.isError ? (
        <ErrorAlert>{errorMessage(talk.error, CREDITED_TALK_TEXT.error)}</ErrorAlert>
      ) : talk.data.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{CREDITED_TALK_TEXT.empty}</Typography>
      ) : (
        <Box component="ul" aria-label={CREDITED_TALK_TEXT.heading} sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {talk.data.map((item) => (
            <TalkRow key={item._id} item={item} />
          ))}
        </Box>
      )}
    </Box>
  )
}
