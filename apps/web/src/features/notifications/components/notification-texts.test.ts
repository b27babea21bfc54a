import { describe, expect, it } from 'vitest'
import type { Notification } from '@shelfwise/contracts'
import { notificationParts, notificationSentence, whoDidIt } from '#/features/notifications/components/notification-texts.ts'

const person = (name: string) => ({ _id: crypto.randomUUID(), name, username: name.toLowerCase(), profileImage: '' })
const item = (o: Partial<Notification>): Notification => ({
  _id: crypto.randomUUID(),
  type: 'review_like',
  actors: [person('Ana')],
  count: 1,
  target: { type: 'review', id: crypto.randomUUID(), bookId: crypto.randomUUID(), title: 'Emma', parentId: null },
  createdAt: '2026-12-16T10:00:00.000Z',
  readAt: null,
  ...o,
})

describe('notification texts', () => {
  it('names one reader, two, or the first and how many others', () => {
    expect(whoDidIt({ actors: [person('Ana')], count: 1 })).toBe('Ana')
    expect(whoDidIt({ actors: [person('Ana'), person('Ben')], count: 2 })).toBe('Ana and Ben')
    expect(whoDidIt({ actors: [person('Ana'), person('Ben'), person('Cy')], count: 13 })).toBe('Ana and 12 others')
    expect(whoDidIt({ actors: [person('Ana'), person('Ben')], count: 3 })).toBe('Ana and 2 others')
  })

  it('says what happened, the title apart so a right-to-left one stays isolated', () => {
    expect(notificationSentence(item({ actors: [person('Ana'), person('Ben'), person('Cy')], count: 13 }))).toBe('Ana and 12 others liked your review of Emma')
    expect(notificationSentence(item({ type: 'follow', target: { type: 'user', id: crypto.randomUUID(), bookId: null, title: null, parentId: null } }))).toBe(
      'Ana followed you',
    )
    const thread = item({ type: 'discussion_reply', target: { type: 'discussion', id: crypto.randomUUID(), bookId: null, title: 'ألف ليلة', parentId: null } })
    expect(notificationParts(thread)).toEqual({ before: 'Ana posted in “', title: 'ألف ليلة', after: '”, a discussion you joined' })
    expect(notificationSentence(item({ target: { type: 'review', id: crypto.randomUUID(), bookId: null, title: null, parentId: null } }))).toBe(
      'Ana liked your review of a book',
    )
    expect(
      notificationSentence(
        item({ type: 'import_finished', actors: [], target: { type: 'import', id: crypto.randomUUID(), bookId: null, title: 'failed', parentId: null } }),
      ),
    ).toBe('Your import stopped before the end: see its report')
  })

  it('names the thread of a mention in a discussion post, the book of one in a comment', () => {
    const id = crypto.randomUUID()
    expect(notificationSentence(item({ type: 'mention', target: { type: 'post', id, bookId: null, title: 'Harriet', parentId: id } }))).toBe(
      'Ana mentioned you in “Harriet”',
    )
    expect(notificationSentence(item({ type: 'mention', target: { type: 'comment', id, bookId: null, title: 'Emma', parentId: id } }))).toBe(
      'Ana mentioned you in a comment on a review of Emma',
    )
  })
})
