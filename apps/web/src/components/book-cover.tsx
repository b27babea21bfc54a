import { useState } from 'react'
import Box from '@mui/material/Box'
import type { SxProps, Theme } from '@mui/material/styles'

function hue(text: string): number {
  let h = 0
  for (const ch of text) h = (h * 31 + ch.codePointAt(0)!) % 360
  return h
}

interface Props {
  title: string
  author?: string
  src?: string | null
  sx?: SxProps<Theme>
  /** 'lazy' for cards in lists; the detail page loads its cover at once. */
  loading?: 'lazy' | 'eager'
  /** Thumbnails: the generated cover shows the title alone, in smaller type. */
  compact?: boolean
}

/** A book's cover; without one (or when it fails to load) a cover made from its title and author. */
export function BookCover({ title, author, src, sx, loading = 'lazy', compact = false }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const box: SxProps<Theme> = { width: '100%', aspectRatio: '2 / 3', borderRadius: 1, overflow: 'hidden', display: 'block', ...sx }
  if (src && failedSrc !== src) {
    return (
      <Box
        component="img"
        src={src}
        alt={`Cover of ${title}${author ? ` by ${author}` : ''}`}
        loading={loading}
        decoding="async"
        onError={() => setFailedSrc(src)}
        sx={{ ...box, objectFit: 'cover', bgcolor: 'grey.200' }}
      />
    )
  }
  const h = hue(title || '?')
  return (
    <Box
      role="img"
      aria-label={`Cover of ${title}${author ? ` by ${author}` : ''}`}
      data-testid="generated-cover"
      // Colours derived from the title; white text on a dark shade keeps AA contrast. An inline
      // style, not sx: in sx every title would be a new rule set for Emotion to compile and insert.
      style={{ background: `linear-gradient(160deg, hsl(${h} 55% 32%), hsl(${(h + 40) % 360} 60% 22%))` }}
      sx={{
        ...box,
        color: 'common.white',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: 1,
        p: compact ? 0.75 : 1.5,
        pt: compact ? 0.75 : 5,
        textAlign: 'left',
        boxShadow: 'inset 6px 0 0 rgba(0,0,0,0.25)',
      }}
    >
      <Box
        aria-hidden
        sx={{
          fontWeight: 700,
          fontSize: compact ? '0.7rem' : '1rem',
          lineHeight: 1.2,
          overflow: 'hidden',
          display: '-webkit-box',
          WebkitLineClamp: 5,
          WebkitBoxOrient: 'vertical',
          wordBreak: 'break-word',
        }}
      >
        {title}
      </Box>
      {author && !compact && (
        <Box aria-hidden sx={{ fontSize: '0.8rem', opacity: 0.9, borderTop: 1, borderColor: 'rgba(255,255,255,0.5)', pt: 1 }}>
          {author}
        </Box>
      )}
    </Box>
  )
}
