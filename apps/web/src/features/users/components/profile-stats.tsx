import { paths } from '#/config/paths.ts'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { useUserStats } from '#/features/users/api/get-user-stats.ts'
import { StatTiles } from '#/features/users/components/stat-tiles.tsx'

/**
 * A profile's tiles: Reviews, Books Read, (the owner's own) Wishlist, Following and Followers, the
 * last two leading to their tabs. `counts` overrides the follow counts a follow just changed.
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
  return (
    <StatTiles
      tiles={[
        { label: 'Reviews', value: stats.data.reviews },
        { label: 'Books Read', value: stats.data.readBooks },
        ...(isOwn ? [{ label: 'Wishlist', value: stats.data.wishlistCount ?? 0 }] : []),
        { label: 'Following', value: counts?.following ?? stats.data.following, to: paths.followers.href(userId, 'following') },
        { label: 'Followers', value: counts?.followers ?? stats.data.followers, to: paths.followers.href(userId) },
      ]}
    />
  )
}
