import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { discussionKeys } from '#/features/discussions/api/discussion-keys.ts'

/** GET /discussions/{id}: the thread, its title and counts (its opening post is read with the posts). */
const discussionQuery = (id: string) =>
  queryOptions({
    queryKey: discussionKeys.one(id),
    queryFn: ({ signal }) => api.get(`/discussions/${encodeURIComponent(id)}`, (c) => c.DiscussionSchema, { signal }),
  })

export const useDiscussion = (id: string) => useQuery({ ...discussionQuery(id), placeholderData: keepPreviousData })
