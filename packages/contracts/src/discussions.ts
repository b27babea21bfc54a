import { z } from 'zod'
import { BadgeSchema, IdSchema, IsoDateTimeSchema, multiLineField, PagingQuerySchema, singleLineField } from '#/common.ts'
import { PositionSchema, RevealQuerySchema, WithheldSchema } from '#/positions.ts'

// Book discussions (issue 23, point 3, decisions 0043 and 0044): threads on a book, each a title and
// a first post, and replies one level deep.

export const DISCUSSION_TITLE_MAX = 200
export const POST_TEXT_MAX = 5000

const title = singleLineField(DISCUSSION_TITLE_MAX, `must be at most ${DISCUSSION_TITLE_MAX} characters`, { error: 'must be text' })
  .min(1, 'cannot be empty')
  .max(DISCUSSION_TITLE_MAX, `must be at most ${DISCUSSION_TITLE_MAX} characters`)
const postText = multiLineField(POST_TEXT_MAX, `must be at most ${POST_TEXT_MAX} characters`, { error: 'must be text' })
  .min(1, 'cannot be empty')
  .max(POST_TEXT_MAX, `must be at most ${POST_TEXT_MAX} characters`)

export const CreateDiscussionInputSchema = z.object({ title, text: postText, position: PositionSchema.optional() })
export type CreateDiscussionInput = z.infer<typeof CreateDiscussionInputSchema>

export const CreatePostInputSchema = z.object({ text: postText, parentId: IdSchema.optional(), position: PositionSchema.optional() })
export type CreatePostInput = z.infer<typeof CreatePostInputSchema>

/**
 * PUT /posts/{id}: the new text, and the position (null takes it away; left out keeps it); `title`
 * changes the discussion's title, on its opening post only (decision 0059).
 */
export const UpdatePostInputSchema = z.object({ text: postText, position: PositionSchema.nullable().optional(), title: title.optional() })
export type UpdatePostInput = z.infer<typeof UpdatePostInputSchema>

const PersonSchema = z.object({ _id: IdSchema, username: z.string(), profileImage: z.string() })

/**
 * One post. `text` is null when the post is withheld (`withheld: "ahead"`, its `position` says how
 * far in it is) or deleted (`deleted: true`, a tombstone kept for its replies; `user` null).
 */
export const PostSchema = z.object({
  _id: IdSchema,
  discussionId: IdSchema,
  /** The post this one answers (always a top-level post: replies are one level deep); null for a top-level post. */
  parentId: IdSchema.nullable(),
  user: PersonSchema.nullable(),
  /** "author" or "publisher" when the writer is linked to the thread's book as such (decision 0051); absent from older servers. */
  badge: BadgeSchema.optional(),
  text: z.string().nullable(),
  position: PositionSchema.nullable(),
  withheld: WithheldSchema.optional(),
  deleted: z.boolean(),
  createdAt: IsoDateTimeSchema,
  editedAt: IsoDateTimeSchema.nullable(),
  /** The moderators hid it (decision 0058): text null, shown as "removed by the moderators"; absent otherwise. */
  removedByModerators: z.literal(true).optional(),
})
export type Post = z.infer<typeof PostSchema>
export const PostListSchema = z.array(PostSchema)

export const DiscussionSchema = z.object({
  _id: IdSchema,
  bookId: IdSchema,
  title: z.string(),
  /** Who started it; null once their account is closed. */
  user: PersonSchema.nullable(),
  /** Posts in it that are not deleted, the first one included. */
  postCount: z.int(),
  lastActivityAt: IsoDateTimeSchema,
  createdAt: IsoDateTimeSchema,
  /** The opening post, withheld by the same rules as any post. */
  firstPost: PostSchema.nullable(),
  /** The moderators hid the thread (decision 0058): its title reads "removed by the moderators" and its opening post has no text; absent otherwise. */
  removedByModerators: z.literal(true).optional(),
})
export type Discussion = z.infer<typeof DiscussionSchema>
export const DiscussionListSchema = z.array(DiscussionSchema)

export const DiscussionIdParamsSchema = z.object({ id: IdSchema })
export const PostIdParamsSchema = z.object({ id: IdSchema })

/** Lists and single items that may withhold: paging plus `reveal`. */
export const DiscussionReadQuerySchema = PagingQuerySchema.extend({ reveal: RevealQuerySchema.optional() })
export type DiscussionReadQuery = z.infer<typeof DiscussionReadQuerySchema>
export const RevealOnlyQuerySchema = z.object({ reveal: RevealQuerySchema.optional() })
