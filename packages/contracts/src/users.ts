import { z } from 'zod'
import { LIMITS, USER_TYPES } from '#/constants.ts'
import { IdSchema, IsoDateTimeSchema, multiLineField, oneOf, PagingQuerySchema, singleLineField, withoutBidiControls } from '#/common.ts'
import { BookSchema } from '#/books.ts'

export const UsernameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(LIMITS.usernameMin, `must be at least ${LIMITS.usernameMin} characters`)
  .max(LIMITS.usernameMax, `must be at most ${LIMITS.usernameMax} characters`)
  .regex(/^[A-Za-z0-9._-]+$/, 'may contain only letters, digits, ".", "_" and "-"')

export const UserTypeSchema = oneOf(USER_TYPES)

/** A profile image: a relative upload path, an absolute http(s) URL, or '' for none. */
export const ProfileImageSchema = z
  .string()
  .trim()
  .max(2000, 'is too long')
  .refine(
    (v) => v === '' || /^\/uploads\/[A-Za-z0-9._-]+$/.test(v) || /^[A-Za-z0-9_-]+\.(webp|png|jpe?g|gif)$/i.test(v) || /^https?:\/\/[^\s]+$/i.test(v),
    'must be an uploaded image path (/uploads/…) or an http(s) URL',
  )

export const UserSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  username: z.string(),
  /** Only to the user themself. */
  email: z.string().optional(),
  userType: z.enum(USER_TYPES),
  bio: z.string(),
  profileImage: z.string(),
  /** The moderators hid the profile: others get no bio and no image; its reader still sees both. */
  removedByModerators: z.literal(true).optional(),
  createdAt: IsoDateTimeSchema,
  followers: z.array(IdSchema),
  following: z.array(IdSchema),
  isFollowing: z.boolean(),
})
export type User = z.infer<typeof UserSchema>

export const UserSummarySchema = z.object({
  _id: IdSchema,
  name: z.string(),
  username: z.string(),
  profileImage: z.string(),
})
export type UserSummary = z.infer<typeof UserSummarySchema>
export const UserSummaryListSchema = z.array(UserSummarySchema)

export const PersonRowSchema = UserSummarySchema.extend({
  createdAt: IsoDateTimeSchema,
  isFollowing: z.boolean(),
})
export type PersonRow = z.infer<typeof PersonRowSchema>
export const PersonListSchema = z.array(PersonRowSchema)

export const UserIdParamsSchema = z.object({ id: IdSchema })
/** A user's id, or their username in any letter case (the spec's client opens author profiles by username). */
export const UserIdOrUsernameParamsSchema = z.object({ id: z.string().trim().min(1, 'is required').max(100, 'is too long') })
export const FollowParamsSchema = z.object({ userId: IdSchema })
export const UsernameParamsSchema = z.object({ username: z.string().trim().min(1, 'is required').max(100, 'is too long') })

export const UserSearchQuerySchema = z.object({
  query: z
    .string()
    .max(100, 'must be at most 100 characters')
    .optional()
    .transform((q) => q?.trim() ?? ''),
  limit: PagingQuerySchema.shape.limit,
})

export const ProfileUpdateInputSchema = z.object({
  username: UsernameSchema.optional(),
  name: singleLineField(LIMITS.nameMax, `must be at most ${LIMITS.nameMax} characters`)
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, 'cannot be empty')
    .max(LIMITS.nameMax, `must be at most ${LIMITS.nameMax} characters`)
    .optional(),
  bio: multiLineField(LIMITS.bioMax, `must be at most ${LIMITS.bioMax} characters`)
    .max(LIMITS.bioMax, `must be at most ${LIMITS.bioMax} characters`)
    .optional(),
  profileImage: ProfileImageSchema.optional(),
})
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInputSchema>

export const StatsSchema = z.object({
  followers: z.int(),
  following: z.int(),
  reviews: z.int(),
  readBooks: z.int(),
  recentlyReadCount: z.int(),
  listedBooks: z.int(),
  createdBooks: z.int(),
  /** The wishlist is private: a number for its owner, null for everyone else. */
  wishlistCount: z.int().nullable(),
})
export type Stats = z.infer<typeof StatsSchema>

export const FollowResultSchema = z.object({ isFollowing: z.boolean(), followerCount: z.int(), followingCount: z.int() })
export type FollowResult = z.infer<typeof FollowResultSchema>

export const WishlistToggleSchema = z.object({ inWishlist: z.boolean(), wishlist: z.array(IdSchema) })
export const RecentlyReadToggleSchema = z.object({ inRecentlyRead: z.boolean(), recentlyRead: z.array(IdSchema) })

export const BioSchema = z.object({ bio: z.string() })
export const ProfileImageResultSchema = z.object({ profileImage: z.string() })

export const ActivitySchema = z.object({
  type: z.enum(['review', 'read']),
  user: z.object({ _id: IdSchema, username: z.string(), profileImage: z.string() }),
  createdAt: IsoDateTimeSchema,
  rating: z.int().optional(),
})
export const FollowedBookEntrySchema = z.object({
  book: BookSchema,
  reviewCount: z.int(),
  readCount: z.int(),
  recentActivity: z.array(ActivitySchema),
})
export type FollowedBookEntry = z.infer<typeof FollowedBookEntrySchema>
export const FollowedBookListSchema = z.array(FollowedBookEntrySchema)
