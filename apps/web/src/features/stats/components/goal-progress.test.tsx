import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import type { Goal } from '@shelfwise/contracts'
import { GoalProgress } from '#/features/stats/components/goal-progress.tsx'

const goal = (books: number | null, done: number, pages: number | null = null, year = 2026): Goal => ({
  year,
  books,
  pages,
  done: { books: done, pages: 900 },
  onTrack: true,
})

describe('a goal’s pace', () => {
  afterEach(() => vi.useRealTimers())
  // 1 July 2026, day 182 of 365: 11 of 24 books are due.
  const onJuly1 = () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-07-01T12:00:00Z'))
  }

  it('says how many books ahead of or behind schedule the reader is this year, or that they are on it', () => {
    onJuly1()
    const { rerender } = render(<GoalProgress goal={goal(24, 14)} />)
    expect(screen.getByText('3 books ahead of schedule')).toBeInTheDocument()
    rerender(<GoalProgress goal={goal(24, 12)} />)
    expect(screen.getByText('1 book ahead of schedule')).toBeInTheDocument()
    rerender(<GoalProgress goal={goal(24, 9)} />)
    expect(screen.getByText('2 books behind schedule')).toBeInTheDocument()
    rerender(<GoalProgress goal={goal(24, 11)} />)
    expect(screen.getByText('On schedule')).toBeInTheDocument()
  })

  it('a pages goal keeps pace in pages; a past year was met or not; a future year has no pace yet', () => {
    onJuly1()
    const { rerender } = render(<GoalProgress goal={goal(null, 0, 1000)} />)
    // 1000 × 182 / 365 = 498 pages due; 900 done.
    expect(screen.getByText('402 pages ahead of schedule')).toBeInTheDocument()
    rerender(<GoalProgress goal={goal(12, 12, null, 2025)} />)
    expect(screen.getByText('Goal met')).toBeInTheDocument()
    rerender(<GoalProgress goal={goal(12, 11, null, 2025)} />)
    expect(screen.getByText('Goal not met: 1 book short')).toBeInTheDocument()
    rerender(<GoalProgress goal={goal(12, 0, null, 2027)} />)
    expect(screen.queryByTestId('goal-pace')).not.toBeInTheDocument()
  })
})
