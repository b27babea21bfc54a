import { paths } from '#/config/paths.ts'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { useUserStats } from '#/features/users/api/get-user-stats.ts'
import { StatTiles } from '#/features/users/components/stat-tiles.tsx'

/** Books Read is not the library's Read count (decision 0039): said under the tiles. */
const BOOKS_READ_CAPTION = {
  own: 'Books Read counts each book on your Recently Read list once, whatever its status now.',
  theirs: 'Books Read counts each book on their Recently Read list once, whatever its status now.',
} as const

/**
 * A profile's tiles: Reviews, Books Read, (the owner's own) Wishlist, Following and Followers, each a
 * link to what it counts: the profile's tab or list, or the follow pages' tab. `counts` overrides the follow counts a follow just changed.
 */
export function ProfileStats({
  userId,
  isOwn,
  errorText,
  counts,
}: {
  userId: string
  isOwn: boolean
  errorText: string
  counts?: { followers: number; following: number } | undefined
}) {
  const stats = useUserStats(userId)
  if (stats.isPending) return <SectionSpinner label="Loading statistics" />
  if (stats.isError) return <ErrorAlert>{errorText}</ErrorAlert>
  // Each tile leads to what it counts: Books Read to the Recently Read list it counts (decision 0039).
  return (
    <StatTiles
      caption={isOwn ? BOOKS_READ_CAPTION.own : BOOKS_READ_CAPTION.theirs}
      tiles={[
        {
          label: 'Reviews',
          value: stats.data.reviews,
          to: isOwn ? paths.profile.href('reviews') : paths.user.href(userId, 'reviews'),
          goesTo: isOwn ? 'see your reviews' : 'see their reviews',
        },
        {
          label: 'Books Read',
          value: stats.data.readBooks,
          to: isOwn ? paths.profile.href('recently-read') : paths.user.href(userId, 'books-read'),
          goesTo: isOwn ? 'see your Recently Read list' : 'see the books they read',
        },
        ...(isOwn ? [{ label: 'Wishlist', value: stats.data.wishlistCount ?? 0, to: paths.profile.href('wishlist'), goesTo: 'see your wishlist' }] : []),
        {
          label: 'Following',
          value: counts?.following ?? stats.data.following,
          to: paths.followers.href(userId, 'following'),
          goesTo: isOwn ? 'see who you follow' : 'see who they follow',
        },
        {
          label: 'Followers',
          value: counts?.followers ?? stats.data.followers,
          to: paths.followers.href(userId),
          goesTo: isOwn ? 'see your followers' : 'see their followers',
        },
      ]}
    />
  )
}
