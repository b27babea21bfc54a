import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { yearImageUrl } from '#/features/stats/api/year-stats.ts'

/** The year in review as the server draws it (a PNG to share), with a link that downloads it. */
export function YearImage({ userId, year, alt }: { userId: string; year: number; alt: string }) {
  const src = yearImageUrl(userId, year)
  return (
    <Paper component="section" variant="outlined" aria-labelledby="year-image-heading" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id="year-image-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Year in review image
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        A picture of the year’s figures and covers, to keep or to share.
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-end' }}>
        <Box
          component="img"
          src={src}
          alt={alt}
          loading="lazy"
          // The image's shape (1080 × 1350) is kept before it arrives, so nothing moves when it does.
          sx={{
            width: '100%',
            maxWidth: 320,
            aspectRatio: '1080 / 1350',
            display: 'block',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'grey.100',
          }}
        />
        <Button component="a" href={src} download={`shelfwise-${year}.png`} variant="outlined">
          Download image
        </Button>
      </Box>
    </Paper>
  )
}
