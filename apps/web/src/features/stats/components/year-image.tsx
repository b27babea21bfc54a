import { useEffect, useRef, useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { YearBook, YearStats } from '@shelfwise/contracts'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { errorMessage } from '#/lib/api-client.ts'
import { useImageBooks } from '#/features/stats/api/year-books.ts'
import { drawYearImage, IMAGE_HEIGHT, IMAGE_WIDTH } from '#/features/stats/lib/year-image-canvas.ts'

/** How long a cover may take to arrive before the image is drawn with the app's own cover instead. */
const COVER_WAIT_MS = 3000

/** The covers that load (from this site, or from one that allows drawing them), by book id; the rest are left out. */
function loadCovers(books: YearBook[]): Promise<Map<string, HTMLImageElement>> {
  const covers = new Map<string, HTMLImageElement>()
  const loads = books
    .filter((b) => b.coverImage)
    .map(
      (b) =>
        new Promise<void>((done) => {
          const img = new Image()
          // Asked for with CORS, so a cover from another site that allows it can be drawn (and the image still saved).
          img.crossOrigin = 'anonymous'
          img.decoding = 'async'
          const timer = setTimeout(done, COVER_WAIT_MS)
          img.onload = () => {
            clearTimeout(timer)
            if (img.naturalWidth > 0) covers.set(b._id, img)
            done()
          }
          img.onerror = () => {
            clearTimeout(timer)
            done()
          }
          img.src = b.coverImage
        }),
    )
  return Promise.all(loads).then(() => covers)
}

/** The year in review drawn here, from the year's figures and every book (a PNG to keep or share). */
export function YearImage({ userId, stats, name, alt }: { userId: string; stats: YearStats; name: string; alt: string }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const books = useImageBooks(userId, stats.year, true)
  const [drawn, setDrawn] = useState(false)

  useEffect(() => {
    const el = canvas.current
    const data = books.data
    if (!el || !data) return
    let live = true
    void loadCovers(data.books).then((covers) => {
      if (!live) return
      // Sized here: on a Box, width and height would be taken as its CSS.
      el.width = IMAGE_WIDTH
      el.height = IMAGE_HEIGHT
      const ctx = el.getContext('2d')
      if (!ctx) return
      drawYearImage(ctx, {
        year: stats.year,
        name,
        booksRead: stats.booksRead,
        pagesRead: stats.pagesRead,
        averageRating: stats.averageRating,
        goal: stats.goal && { books: stats.goal.books, done: stats.goal.done.books },
        books: data.books,
        total: data.total,
        covers,
      })
      setDrawn(true)
    })
    return () => {
      live = false
    }
  }, [books.data, stats, name])

  const download = () =>
    canvas.current?.toBlob((blob) => {
      if (!blob) return
      const url = URL.createObjectURL(blob)
      const a = document.createElement('a')
      a.href = url
      a.download = `shelfwise-${stats.year}.png`
      a.click()
      setTimeout(() => URL.revokeObjectURL(url), 1000)
    }, 'image/png')

  return (
    <Paper component="section" variant="outlined" aria-labelledby="year-image-heading" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id="year-image-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Year in review image
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        A picture of the year’s figures and every book’s cover, to keep or to share.
      </Typography>
      {books.isError && <ErrorAlert>{errorMessage(books.error, 'Could not draw the image. Please try again.')}</ErrorAlert>}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-end' }}>
        <Box sx={{ position: 'relative', width: '100%', maxWidth: 320 }}>
          <Box
            component="canvas"
            ref={canvas}
            role="img"
            aria-label={alt}
            data-drawn={drawn ? 'true' : undefined}
            data-books={books.data?.books.length}
            // The image's shape is kept before it is drawn, so nothing moves when it is.
            sx={{
              width: '100%',
              height: 'auto',
              aspectRatio: `${IMAGE_WIDTH} / ${IMAGE_HEIGHT}`,
              display: 'block',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'action.hover',
            }}
          />
          {!drawn && !books.isError && (
            <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
              <SectionSpinner label="Drawing the image" />
            </Box>
          )}
        </Box>
        <Button variant="outlined" onClick={download} disabled={!drawn}>
          Download image
        </Button>
      </Box>
    </Paper>
  )
}
