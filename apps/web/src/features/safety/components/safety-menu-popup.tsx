import { Suspense, useState } from 'react'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Typography from '@mui/material/Typography'
import { errorMessage } from '#/lib/api-client.ts'
import { ConfirmDialog } from '#/components/feedback/confirm-dialog.tsx'
import { ReportDialog } from '#/components/safety/report-button.tsx'
import { SAFETY_TEXT } from '#/features/safety/components/safety-texts.ts'
import { useSafetyState, useSafetyToggle } from '#/features/safety/api/safety.ts'

// The profile menu's Mute, Block and Report (decisions 0057, 0058), loaded on its first opening.

export default function SafetyMenuPopup({
  userId,
  username,
  anchor,
  onClose,
}: {
  userId: string
  username: string
  anchor: HTMLElement | null
  onClose: () => void
}) {
  const [confirming, setConfirming] = useState(false)
  const [reporting, setReporting] = useState(false)
  const state = useSafetyState(userId, true)
  const toggle = useSafetyToggle(userId)
  const blocked = state.data?.blocked ?? false
  const muted = state.data?.muted ?? false
  const close = onClose
  return (
    <>
      <Menu id="safety-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem
          onClick={() => {
            close()
            toggle.mutate({ what: 'mute', on: !muted })
          }}
        >
          {muted ? SAFETY_TEXT.unmute : SAFETY_TEXT.mute}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close()
            if (blocked) toggle.mutate({ what: 'block', on: false })
            else setConfirming(true)
          }}
        >
          {blocked ? SAFETY_TEXT.unblock : SAFETY_TEXT.block}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close()
            setReporting(true)
          }}
        >
          {SAFETY_TEXT.report}
        </MenuItem>
      </Menu>
      {toggle.isSuccess && (
        <Typography role="status" variant="body2" sx={{ color: 'text.secondary', mt: 1, width: '100%' }}>
          {toggle.data.blocked ? SAFETY_TEXT.blocked : toggle.data.muted ? SAFETY_TEXT.muted : ''}
        </Typography>
      )}
      <ConfirmDialog
        id="block-reader"
        open={confirming}
        title={SAFETY_TEXT.blockTitle(username)}
        body={SAFETY_TEXT.blockBody}
        error={toggle.isError ? errorMessage(toggle.error, 'Could not block this reader. Please try again.') : null}
        confirm={SAFETY_TEXT.blockConfirm}
        busyLabel={SAFETY_TEXT.blocking}
        isBusy={toggle.isPending}
        destructive
        onConfirm={() => toggle.mutate({ what: 'block', on: true }, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog targetType="profile" targetId={userId} open={reporting} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </>
  )
}
