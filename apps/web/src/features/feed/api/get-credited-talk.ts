import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'

// The keys of this query (not in query-keys.ts, which Home's first chunk holds; decision 0007).
const creditedTalkKeys = { of: (userId: string) => ['credited-talk', userId] as const }

/** How many items the profile section shows. */
const CREDITED_TALK_SHOWN = 10

/** GET /users/credited-discussion/{id}: the newest reviews, comments and posts on the books a reader is credited on (decision 0059). */
const creditedTalkQuery = (userId: string) =>
  queryOptions({
    queryKey: creditedTalkKeys.of(userId),
    queryFn: () =>
      api.get(`/users/credited-discussion/${encodeURIComponent(userId)}`, (c) => c.CreditedTalkListSchema, { query: { limit: CREDITED_TALK_SHOWN } }),
  })

export const useCreditedTalk = (userId: string) => useQuery(creditedTalkQuery(userId))
