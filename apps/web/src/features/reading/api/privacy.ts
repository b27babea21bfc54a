import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PrivacyApplyInput, ReadingVisibility } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { readingKeys } from '#/lib/query-keys.ts'

// Who sees the reader's reading log (issue 24, point 3, decision 0055).

/** The signed-in reader's default; nothing is asked when `enabled` is false. */
export const useReadingPrivacy = (enabled = true) =>
  useQuery({ queryKey: readingKeys.privacy, queryFn: () => api.get('/me/privacy', (c) => c.PrivacySchema), enabled })

/** After a change: the default, the reader's entries (their own choices may be cleared) and what others see. */
function useAfterPrivacy() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: readingKeys.all })
}

/** Sets the default: every book without its own choice follows it. */
export function useSetReadingPrivacy() {
  const after = useAfterPrivacy()
  return useMutation({
    mutationFn: (readingLog: ReadingVisibility) => api.put('/me/privacy', (c) => c.PrivacySchema, { readingLog }),
    onSuccess: after,
  })
}

/** How many entries a bulk change would change ("who can see this?"), asked without changing anything. */
export const usePrivacyPreview = (visibility: ReadingVisibility | null) =>
  useQuery({
    queryKey: [...readingKeys.privacy, 'preview', visibility],
    queryFn: () => api.post('/me/privacy/apply', (c) => c.PrivacyApplyResultSchema, { visibility: visibility!, dryRun: true } satisfies PrivacyApplyInput),
    enabled: visibility !== null,
    staleTime: 0,
  })

/** The bulk change: the visibility becomes the default and every past entry's. */
export function useApplyPrivacy() {
  const after = useAfterPrivacy()
  return useMutation({
    mutationFn: (visibility: ReadingVisibility) => api.post('/me/privacy/apply', (c) => c.PrivacyApplyResultSchema, { visibility }),
    onSuccess: after,
  })
}
