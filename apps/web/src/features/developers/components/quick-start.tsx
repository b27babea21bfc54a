import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { CopyField } from '#/features/developers/components/copy-field.tsx'
import { DEV_TEXT } from '#/features/developers/components/developer-texts.ts'

/** Copyable curl requests against this site's own origin. */
export function QuickStart({ userId }: { userId: string }) {
  const origin = window.location.origin
  const progress = [
    `curl -X PUT '${origin}/api/me/progress' \\`,
    `  -H 'Authorization: Bearer YOUR_TOKEN' \\`,
    `  -H 'Content-Type: application/json' \\`,
    // The same key sent twice counts once: a retry after a dropped connection is safe.
    `  -H 'Idempotency-Key: my-book-42' \\`,
    `  -d '{"book": {"isbn": "9780141439518"}, "percent": 42}'`,
  ].join('\n')
  const read = `curl '${origin}/api/users/${encodeURIComponent(userId)}/library' -H 'Authorization: Bearer YOUR_TOKEN'`
  return (
    <Box component="section" id="quick-start" aria-labelledby="quick-start-title" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id="quick-start-title" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        {DEV_TEXT.quickStart}
      </Typography>
      <Typography>{DEV_TEXT.quickStartIntro}</Typography>
      <CopyField label="curl (progress)" value={progress} multiline />
      <Typography>{DEV_TEXT.quickStartRead}</Typography>
      <CopyField label="curl (library)" value={read} multiline />
    </Box>
  )
}
