import Box from '@mui/material/Box'

/**
 * A reader's text with its line breaks, each line a paragraph that takes its own direction
 * (dir="auto"): in a review mixing English and Arabic or Hebrew, each reads from its own side.
 */
export function Paragraphs({ text }: { text: string }) {
  return text.split('\n').map((line, i) => (
    <Box key={i} component="span" dir="auto" sx={{ display: 'block' }}>
      {/* An empty line keeps its height, as pre-line kept it. */}
      {line || '\u00a0'}
    </Box>
  ))
}
