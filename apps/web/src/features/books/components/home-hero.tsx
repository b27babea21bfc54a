import { memo, useState, type ChangeEvent, type FormEvent } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { alpha } from '@mui/material/styles'
import SearchIcon from '@mui/icons-material/Search'

/** MUI's Container, spelt as a Box: Container's own code would be one more file in Home's first load. */
export const frame = (maxWidth: 'md' | 'lg') => ({ width: '100%', mx: 'auto', px: { xs: 2, sm: 3 }, maxWidth }) as const

// Memoised: the screen draws again whenever a query's state changes; the hero need not.
export const HomeHero = memo(function HomeHero({ initial, onSearch }: { initial: string; onSearch: (query: string) => void }) {
  const [text, setText] = useState(initial)
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault()
    onSearch(text)
  }
  return (
    <Box
      sx={{
        height: 500,
        display: 'flex',
        alignItems: 'center',
        color: 'common.white',
        // A drawn "shelf" of spines behind a dark wash keeps the text readable (AA): the brand blues
        // in the light scheme, the page's own dark in the dark one.
        background: (
          t,
        ) => `linear-gradient(120deg, ${alpha(t.palette.mode === 'dark' ? t.palette.background.default : t.palette.primary.dark, 0.92)}, ${alpha(t.palette.mode === 'dark' ? t.palette.background.default : t.palette.primary.main, 0.85)}),
          repeating-linear-gradient(90deg, ${t.palette.secondary.dark} 0 22px, ${t.palette.primary.dark} 22px 40px, ${t.palette.secondary.main} 40px 56px, ${t.palette.primary.main} 56px 84px)`,
      }}
    >
      <Box sx={{ ...frame('md'), textAlign: 'center' }}>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2rem', sm: '2.6rem', md: '3rem' } }}>
          Discover Your Next Great Read
        </Typography>
        <Typography variant="h6" component="p" sx={{ mt: 1, mb: 4, fontWeight: 400, opacity: 0.95 }}>
          Explore new books and authors. Rated by the community.
        </Typography>
        <Paper
          component="form"
          role="search"
          onSubmit={handleSubmit}
          sx={{
            display: 'flex',
            alignItems: 'center',
            p: 0.5,
            pl: 2,
            maxWidth: 640,
            mx: 'auto',
            '&:focus-within': { outline: '3px solid', outlineColor: 'secondary.light' },
          }}
        >
          <SearchIcon aria-hidden sx={{ color: 'text.secondary', mr: 1 }} />
          <Box
            component="input"
            type="search"
            value={text}
            onChange={(e: ChangeEvent<HTMLInputElement>) => setText(e.target.value)}
            placeholder="Search books by title or author..."
            aria-label="Search books"
            // LIMITS.searchQueryMax, spelt out: the constants stay out of Home's first code.
            maxLength={200}
            sx={{ flexGrow: 1, minWidth: 0, border: 0, outline: 0, font: 'inherit', fontSize: '1rem', py: 1, bgcolor: 'transparent', color: 'text.primary' }}
          />
          <Button type="submit" variant="contained" color="secondary" sx={{ ml: 1, px: 3 }}>
            Search
          </Button>
        </Paper>
      </Box>
    </Box>
  )
})
