import type { ReactNode } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { YearStats } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { GridList } from '#/components/grid-list.tsx'
import { groupDigits } from '@shelfwise/contracts/numbers'

export interface FigureTile {
  label: string
  value: ReactNode
  /** A line under the value (the pages of the longest book). */
  detail?: string
}

/** Figures as tiles: a list, each tile its value over its label. */
export function FigureTiles({ label, tiles }: { label: string; tiles: FigureTile[] }) {
  return (
    <GridList
      label={label}
      gap={1.5}
      columns={{ xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: `repeat(${Math.min(tiles.length, 5)}, minmax(0, 1fr))` }}
    >
      {tiles.map((t) => (
        <Paper component="li" key={t.label} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
          <Typography variant="h5" component="span" sx={{ fontWeight: 800, overflowWrap: 'anywhere', display: 'block' }}>
            {t.value}
          </Typography>
          <Typography variant="body2" component="span" sx={{ color: 'text.secondary', display: 'block' }}>
            {t.label}
            {t.detail && ` · ${t.detail}`}
          </Typography>
        </Paper>
      ))}
    </GridList>
  )
}

const bookLink = (b: NonNullable<YearStats['longestBook']>) => (
  <Link
    component={RouterLink}
    to={paths.book.href(b._id)}
    dir="auto"
    sx={{ fontSize: '1rem', overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
  >
    {b.title}
  </Link>
)

/** The year's figures: books, pages, the average rating, the longest and shortest book. */
export function YearFigures({ stats }: { stats: YearStats }) {
  const pages = (n: number) => `${groupDigits(n)} ${n === 1 ? 'page' : 'pages'}`
  const tiles: FigureTile[] = [
    { label: 'Reads finished', value: groupDigits(stats.booksRead), detail: 're-reads count' },
    { label: 'Pages read', value: groupDigits(stats.pagesRead) },
    { label: 'Average rating', value: stats.averageRating === null ? 'None yet' : `${stats.averageRating.toFixed(1)} / 5` },
  ]
  if (stats.longestBook) tiles.push({ label: 'Longest book', value: bookLink(stats.longestBook), detail: pages(stats.longestBook.pageCount) })
  if (stats.shortestBook && stats.shortestBook._id !== stats.longestBook?._id) {
    tiles.push({ label: 'Shortest book', value: bookLink(stats.shortestBook), detail: pages(stats.shortestBook.pageCount) })
  }
  return <FigureTiles label={`Figures for ${stats.year}`} tiles={tiles} />
}
