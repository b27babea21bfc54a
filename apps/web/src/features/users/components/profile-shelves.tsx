import { useState } from 'react'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import { ShelfGrid } from '#/features/users/components/shelf-grid.tsx'

const shelves = [
  { label: 'Wishlist', shelf: 'wishlist' },
  { label: 'Recently Read', shelf: 'recently-read' },
  { label: 'Listed', shelf: 'listed-books' },
  { label: 'Created', shelf: 'created-books' },
  // Books whoever added them that link to the reader as author or publisher (each can be undone on the book's page).
  { label: 'Credited', shelf: 'credited-books' },
] as const

/** The own profile's book lists: the spec's four sub-tabs, then Credited; each list read to its end. */
export function ProfileShelves({ userId }: { userId: string }) {
  const [shelfTab, setShelfTab] = useState(0)
  const current = shelves[shelfTab]!
  return (
    <>
      <Tabs value={shelfTab} onChange={(_, v: number) => setShelfTab(v)} variant="scrollable" allowScrollButtonsMobile aria-label="Book lists" sx={{ mb: 2 }}>
        {shelves.map((s) => (
          <Tab key={s.shelf} label={s.label} />
        ))}
      </Tabs>
      <ShelfGrid key={current.shelf} userId={userId} shelf={current.shelf} label={current.label} />
    </>
  )
}
