import type { ComponentProps } from 'react'
import { BookCard } from '#/components/book-card.tsx'
import { BookGrid } from '#/components/book-grid.tsx'

/** A grid of Home's preview cards (loaded on demand: see the Home route). */
export default function PreviewCardGrid({ label, books }: { label: string; books: ComponentProps<typeof BookCard>['book'][] }) {
  return (
    <BookGrid label={label}>
      {books.map((b) => (
        <BookCard key={b._id} book={b} variant="preview" />
      ))}
    </BookGrid>
  )
}
