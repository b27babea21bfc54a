import { useQuery } from '@tanstack/react-query'
import type { Book } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { bookKeys } from '#/lib/query-keys.ts'
import { mergeKeys } from '#/features/merges/api/get-merge-proposals.ts'

/** Editions offered for an edition merge: the API's largest page (a work with more is rare; the rest are named by search). */
const EDITIONS_LIMIT = 50

/** GET /books/{id} as the book page reads it (an edition's id answers its work shown as that edition). */
const useMergeBook = (id: string | undefined) =>
  useQuery({
    queryKey: bookKeys.detail(id ?? ''),
    queryFn: ({ signal }): Promise<Book> => api.get(`/books/${encodeURIComponent(id ?? '')}`, (c) => c.BookSchema, { signal }),
    enabled: Boolean(id),
  })

/** Both sides of the comparison before a proposal is sent. */
export function useMergeBooks(ids: readonly [string, string] | null) {
  return [useMergeBook(ids?.[0]), useMergeBook(ids?.[1])] as const
}

/** GET /books/{id}/editions: the work's editions, its shown edition first. */
export const useWorkEditions = (workId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...mergeKeys.all, 'editions', workId],
    queryFn: ({ signal }) => api.get(`/books/${encodeURIComponent(workId)}/editions`, (c) => c.EditionListSchema, { query: { limit: EDITIONS_LIMIT }, signal }),
    enabled,
  })
