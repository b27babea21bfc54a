import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { YearStats } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { statsKeys } from '#/lib/query-keys.ts'

/** A year's targets as the form sends them: a number, or null to clear it (both null remove the goal). */
export interface GoalTargets {
  books: number | null
  pages: number | null
}

/** Sets the signed-in reader's goal for a year; the year's stats (page, profile, Home) show it at once. */
export function useSetGoal(userId: string, year: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (targets: GoalTargets) => api.put(`/me/goals/${year}`, (c) => c.GoalSchema, targets),
    onSuccess: (goal) => {
      const removed = goal.books === null && goal.pages === null
      queryClient.setQueryData<YearStats>(statsKeys.year(userId, year), (old) => old && { ...old, goal: removed ? null : goal })
    },
  })
}
