import { useState } from 'react'
import Box from '@mui/material/Box'
import { alpha, type SxProps, type Theme } from '@mui/material/styles'

function hue(text: string): number {
  let h = 0
  for (const ch of text) h = (h * 31 + ch.codePointAt(0)!) % 360
  return h
}

/** The two shades of a generated cover's gradient, from its title (the year-in-review image draws them too). */
export function generatedCoverShades(title: string): [string, string] {
  const h = hue(title || '?')
  return [`hsl(${h} 55% 32%)`, `hsl(${(h + 40) % 360} 60% 22%)`]
}

/** Text on a generated cover: at most `lines` whole lines, a long word broken anywhere, an ellipsis when cut. */
const coverLine = (lines: number) =>
  ({
    lineHeight: 1.25,
    overflow: 'hidden',
    overflowWrap: 'anywhere',
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    flexShrink: 0,
  }) as const

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
        sx={{ ...box, objectFit: 'cover', bgcolor: 'action.hover' }}
      />
    )
  }
  const [from, to] = generatedCoverShades(title)
  return (
    <Box
      role="img"
      aria-label={`Cover of ${title}${author ? ` by ${author}` : ''}`}
      data-testid="generated-cover"
      // Colours derived from the title; white text on a dark shade keeps AA contrast. An inline
      // style, not sx: in sx every title would be a new rule set for Emotion to compile and insert.
      style={{ background: `linear-gradient(160deg, ${from}, ${to})` }}
      sx={{
        ...box,
        color: 'common.white',
        // Type and spacing follow the cover's own width (a 48 px thumbnail or the book page's), so the
        // title and author fit inside it at every size: whole lines, clamped with an ellipsis. (The
        // container's own box cannot use its width: the padding is on the box inside.)
        containerType: 'inline-size',
        boxShadow: (t) => `inset 6px 0 0 ${alpha(t.palette.common.black, 0.25)}`,
      }}
    >
      <Box
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          gap: '6cqi',
          p: '7cqi',
          pl: 'calc(7cqi + 4px)',
          pt: compact ? '7cqi' : 'min(18cqi, 40px)',
          textAlign: 'start',
        }}
      >
        <Box
          aria-hidden
          dir="auto"
          data-part="title"
          sx={{ ...coverLine(5), fontWeight: 700, fontSize: compact ? 'clamp(7px, 12cqi, 0.7rem)' : 'clamp(7px, 12cqi, 1rem)' }}
        >
          {title}
        </Box>
        {author && !compact && (
          <Box
            aria-hidden
            dir="auto"
            data-part="author"
            sx={{
              ...coverLine(2),
              fontSize: 'clamp(6px, 9cqi, 0.8rem)',
              opacity: 0.9,
              borderTop: 1,
              borderColor: (t) => alpha(t.palette.common.white, 0.5),
              pt: '5cqi',
              // A thumbnail has no room for it: the name is in the cover's name and beside it.
              '@container (max-width: 72px)': { display: 'none' },
            }}
          >
            {author}
          </Box>
        )}
      </Box>
    </Box>
  )
}
