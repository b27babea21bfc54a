import { lazy, Suspense, useState } from 'react'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import type { ReportTargetType } from '@shelfwise/contracts'
import { useAuth } from '#/lib/auth.tsx'
import { REPORT_TEXT } from '#/components/safety/report-texts.ts'

// Report to the moderators (decision 0058): a small button beside a review, comment, post,
// discussion, profile or book; the dialog asking why loads on the first press.

/** The dialog, loaded when first opened (the profile's menu opens it too). */
export const ReportDialog = lazy(() => import('#/components/safety/report-dialog.tsx'))

/** "Report" for a signed-in reader (nothing for a signed-out one, nor on their own item). */
export function ReportButton({ targetType, targetId, writerId }: { targetType: ReportTargetType; targetId: string; writerId?: string | null }) {
  const { user } = useAuth()
  const [open, setOpen] = useState(false)
  if (!user || (writerId && writerId === user._id)) return null
  return (
    <>
      <Button size="small" color="inherit" onClick={() => setOpen(true)} sx={{ color: 'text.secondary', minWidth: 0 }} aria-haspopup="dialog">
        {REPORT_TEXT.button}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog targetType={targetType} targetId={targetId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}

const REMOVED_BY_MODERATORS = 'removed by the moderators'

/** What a thread shows in place of an item the moderators hid. */
export function RemovedByModerators() {
  return <Typography sx={{ fontStyle: 'italic', color: 'text.secondary', py: 0.5 }}>{REMOVED_BY_MODERATORS}</Typography>
}
