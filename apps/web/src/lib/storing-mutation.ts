import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'

/**
 * A mutation whose answer is the new state of one query: it is stored there at once (no refetch to
 * show it), and the queries under `stale` (lists that hold it) are fetched again.
 */
export function useStoringMutation<I, O>(send: (input: I) => Promise<O>, keyOf: (answer: O) => QueryKey, stale: QueryKey) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData(keyOf(answer), answer)
      void queryClient.invalidateQueries({ queryKey: stale })
    },
  })
}
