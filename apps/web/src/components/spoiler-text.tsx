import { useRef, useState } from 'react'
import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'

// Inline spoiler markup, `||like this||` (decision 0044), for posts now and reviews and comments
// later: each hidden passage is a button until the reader asks for it. Its words are not in the page
// before then (no screen reader, search or copy finds them); once shown, focus moves onto them so a
// screen reader reads them at once.

export interface SpoilerPart {
  text: string
  hidden: boolean
}

const MARK = '||'

/** The text cut at each `||…||` pair; an unmatched `||` stays as it is. Linear: one scan. */
export function spoilerParts(text: string): SpoilerPart[] {
  const parts: SpoilerPart[] = []
  let at = 0
  while (at < text.length) {
    const open = text.indexOf(MARK, at)
    const close = open === -1 ? -1 : text.indexOf(MARK, open + MARK.length)
    if (open === -1 || close === -1) break
    if (open > at) parts.push({ text: text.slice(at, open), hidden: false })
    const inner = text.slice(open + MARK.length, close)
    if (inner.trim() !== '') parts.push({ text: inner, hidden: true })
    at = close + MARK.length
  }
  if (at < text.length) parts.push({ text: text.slice(at), hidden: false })
  return parts
}

function HiddenPassage({ text }: { text: string }) {
  const [shown, setShown] = useState(false)
  const ref = useRef<HTMLSpanElement>(null)
  if (shown) {
    return (
      <Box component="span" ref={ref} tabIndex={-1} sx={{ bgcolor: 'action.selected', borderRadius: 0.5, px: 0.25, outline: 'none' }}>
        {text}
      </Box>
    )
  }
  return (
    <ButtonBase
      component="span"
      role="button"
      aria-label="Spoiler hidden: show it"
      onClick={() => {
        setShown(true)
        // After the passage is drawn in the button's place.
        requestAnimationFrame(() => ref.current?.focus())
      }}
      sx={{
        display: 'inline',
        verticalAlign: 'baseline',
        font: 'inherit',
        bgcolor: 'text.primary',
        color: 'background.paper',
        borderRadius: 0.5,
        px: 0.75,
        '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', outlineOffset: 2 },
      }}
    >
      Spoiler
    </ButtonBase>
  )
}

/** A text with its `||…||` passages hidden until clicked (a button, reachable by keyboard). */
export function SpoilerText({ text }: { text: string }) {
  return <>{spoilerParts(text).map((part, i) => (part.hidden ? <HiddenPassage key={i} text={part.text} /> : <span key={i}>{part.text}</span>))}</>
}
