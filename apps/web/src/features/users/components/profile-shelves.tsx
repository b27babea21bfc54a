import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import { ShelfGrid } from '#/features/users/components/shelf-grid.tsx'
import { useAddressTab } from '#/features/users/use-address-tab.ts'

const shelves = [
  { label: 'Wishlist', shelf: 'wishlist' },
  { label: 'Recently Read', shelf: 'recently-read' },
  { label: 'Listed', shelf: 'listed-books' },
  { label: 'Created', shelf: 'created-books' },
  // Books whoever added them that link to the reader as author or publisher (each can be undone on the book's page).
  { label: 'Credited', shelf: 'credited-books' },
] as const
const SHELF_NAMES = shelves.map((s) => s.shelf)

/** The own profile's book lists: the spec's four sub-tabs, then Credited; each list read to its end. */
export function ProfileShelves({ userId }: { userId: string }) {
  // `?shelf=recently-read` opens that list (the Books Read tile's link).
  const [shelfTab, setShelfTab] = useAddressTab(SHELF_NAMES, 'shelf')
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
