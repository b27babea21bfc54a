import type { ReactNode } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import CardActions from '@mui/material/CardActions'
import CardContent from '@mui/material/CardContent'
import Typography from '@mui/material/Typography'
import type { Book } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { descriptionPreview, formatAverage } from '#/lib/format.ts'
import { BookCover } from '#/components/book-cover.tsx'
import { Stars } from '#/components/stars.tsx'

type CardBook = Pick<Book, '_id' | 'title' | 'author' | 'coverImage' | 'averageRating'> & Partial<Pick<Book, 'description' | 'totalReviews' | 'ratingsCount'>>

interface Props {
  book: CardBook
  /** 'preview': the Home card (description preview, stars, whole card a link). 'details': the Browse/Profile card with 'View Details'. */
  variant?: 'preview' | 'details'
  badges?: ReactNode
  footer?: ReactNode
}

export function BookCard({ book, variant = 'details', badges, footer }: Props) {
  const href = paths.book.href(book._id)
  // Ratings given without a review count too, as on the book's own page.
  const average = formatAverage(book.averageRating, book.ratingsCount ?? book.totalReviews)
  if (variant === 'preview') {
    return (
      // The card clips its corners (overflow: hidden), which would clip the link's focus ring too: the
      // ring is drawn around the card instead, whole, while the link inside has the keyboard's focus.
      <Card
        component="li"
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          overflow: 'visible',
          '&:has(.Mui-focusVisible)': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
        }}
      >
        <CardActionArea
          component={RouterLink}
          to={href}
          sx={{
            flexGrow: 1,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'stretch',
            justifyContent: 'flex-start',
            borderRadius: 'inherit',
            overflow: 'hidden',
            '&.Mui-focusVisible': { outline: 'none' },
          }}
        >
          <Box sx={{ position: 'relative' }}>
            <BookCover title={book.title} author={book.author} src={book.coverImage} sx={{ borderRadius: 0 }} />
            {badges && <Box sx={{ position: 'absolute', top: 8, left: 8, display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>{badges}</Box>}
          </Box>
          <CardContent sx={{ p: 1.5 }}>
            <Typography variant="subtitle1" component="h3" dir="auto" sx={{ fontWeight: 700, lineHeight: 1.25, overflowWrap: 'anywhere' }}>
              {book.title}
            </Typography>
            <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', mb: 0.5, overflowWrap: 'anywhere' }}>
              {book.author}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.5 }}>
              <Stars value={book.averageRating} label={`Rated ${average} out of 5`} />
              <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
                {average}
              </Typography>
            </Box>
            {book.description ? (
              <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {descriptionPreview(book.description)}
              </Typography>
            ) : null}
            {footer}
          </CardContent>
        </CardActionArea>
      </Card>
    )
  }
  return (
    <Card component="li" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ position: 'relative' }}>
        <BookCover title={book.title} author={book.author} src={book.coverImage} sx={{ borderRadius: 0 }} />
        {badges && <Box sx={{ position: 'absolute', top: 8, left: 8, display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>{badges}</Box>}
      </Box>
      <CardContent sx={{ p: 1.5, flexGrow: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-label={`Average rating ${average}`}>
          ★ {average}
        </Typography>
        <Typography variant="subtitle1" component="h3" dir="auto" sx={{ fontWeight: 700, lineHeight: 1.25, overflowWrap: 'anywhere' }}>
          {book.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          by {book.author}
        </Typography>
        {footer}
      </CardContent>
      <CardActions sx={{ px: 1.5, pb: 1.5, pt: 0 }}>
        <Button component={RouterLink} to={href} variant="outlined" size="small" fullWidth>
          View Details
        </Button>
      </CardActions>
    </Card>
  )
}
