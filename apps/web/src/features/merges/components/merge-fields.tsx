import { useId, useState, type ReactNode } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { alpha } from '@mui/material/styles'
import type { MergeProposal } from '@shelfwise/contracts'
import { fieldLabel, fieldText, MERGE_TEXT } from '#/features/merges/components/merge-texts.ts'
import { groupDigits } from '@shelfwise/contracts/numbers'

/** Fields always shown, even when the two agree: what names a book. */
const ALWAYS = new Set(['title', 'author'])

/**
 * Two books side by side, a row per field: rows where they differ stand out (a tinted row, the
 * word "Differs"), rows where they agree are quiet ("Same"). `heads` are the two column headings.
 * With `compact`, agreeing rows other than title and author fold behind "Show all fields".
 */
export function MergeFields({ fields, heads, compact = false }: { fields: MergeProposal['fields']; heads: [ReactNode, ReactNode]; compact?: boolean }) {
  const [showAll, setShowAll] = useState(!compact)
  const tableId = useId()
  const shown = showAll ? fields : fields.filter((f) => !f.same || ALWAYS.has(f.field))
  const foldable = fields.filter((f) => f.same && !ALWAYS.has(f.field)).length
  return (
    <Box>
      <Box
        component="table"
        id={tableId}
        sx={{
          width: '100%',
          borderCollapse: 'collapse',
          tableLayout: 'fixed',
          '& th, & td': { textAlign: 'start', verticalAlign: 'top', p: { xs: 0.75, sm: 1 }, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' },
          '& thead th': { borderBottomWidth: 2 },
        }}
      >
        <colgroup>
          <Box component="col" sx={{ width: { xs: '26%', sm: '22%', md: '18%' } }} />
          <col />
          <col />
        </colgroup>
        <thead>
          <tr>
            <Box component="th" scope="col">
              <Typography variant="body2" component="span" sx={{ fontWeight: 700 }}>
                Field
              </Typography>
            </Box>
            <th scope="col">{heads[0]}</th>
            <th scope="col">{heads[1]}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((f) => (
            <Box
              component="tr"
              key={f.field}
              data-same={f.same}
              sx={f.same ? undefined : (t) => ({ bgcolor: alpha(t.palette.warning.main, 0.12), '& td': { fontWeight: 600 } })}
            >
              <th scope="row">
                <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 600 }}>
                  {fieldLabel(f.field)}
                </Typography>
                <Typography variant="caption" component="span" sx={{ color: f.same ? 'text.secondary' : 'text.primary', fontWeight: f.same ? 400 : 700 }}>
                  {f.same ? 'Same' : 'Differs'}
                </Typography>
              </th>
              {f.values.map((v, i) => (
                <Typography key={i} component="td" variant="body2">
                  {v === null ? (
                    <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic', fontWeight: 400 }}>
                      {MERGE_TEXT.none}
                    </Box>
                  ) : (
                    <Box component="span" dir="auto" sx={f.field === 'description' ? clamp : { display: 'block' }}>
                      {fieldText(f.field, v)}
                    </Box>
                  )}
                </Typography>
              ))}
            </Box>
          ))}
        </tbody>
      </Box>
      {compact && foldable > 0 && (
        <Button size="small" aria-expanded={showAll} aria-controls={tableId} onClick={() => setShowAll((s) => !s)} sx={{ mt: 1 }}>
          {showAll ? 'Show only the differences' : `Show all fields (${groupDigits(foldable)} more, the same on both)`}
        </Button>
      )}
    </Box>
  )
}

// A long description would make one row a page long: its first lines are enough to compare.
const clamp = { display: '-webkit-box', WebkitLineClamp: 4, WebkitBoxOrient: 'vertical', overflow: 'hidden' } as const
