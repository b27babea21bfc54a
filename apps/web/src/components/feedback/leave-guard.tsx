import { useEffect, useRef } from 'react'
import { useBlocker, type Blocker } from '#/lib/router/react.tsx'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'

const LEAVE_TEXT = {
  title: 'Leave this page?',
  body: 'What you have typed is not sent yet. It stays in this tab as a draft if you leave.',
  stay: 'Stay',
  leave: 'Leave',
} as const

export interface LeaveGuard {
  blocker: Blocker
  /** Lets the next navigation through unasked (the reader's own Submit taking them to /login). */
  allowNext: () => void
}

/**
 * Asks before the reader leaves a form with unsent text: in-app navigation is held for the
 * confirmation dialog (render <LeaveConfirmDialog guard={…} />), and closing or reloading the tab
 * gets the browser's own question.
 */
export function useLeaveGuard(when: boolean): LeaveGuard {
  const bypass = useRef(false)
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && !bypass.current && currentLocation.pathname !== nextLocation.pathname)
  useEffect(() => {
    if (!when) return
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault()
      // Older browsers need a value set to ask at all.
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [when])
  // Nothing to guard any more: a blocked navigation goes on.
  useEffect(() => {
    if (!when && blocker.state === 'blocked') blocker.proceed()
  }, [when, blocker])
  return {
    blocker,
    allowNext: () => {
      bypass.current = true
    },
  }
}

export function LeaveConfirmDialog({ guard }: { guard: LeaveGuard }) {
  const { blocker } = guard
  const isOpen = blocker.state === 'blocked'
  return (
    <Dialog open={isOpen} onClose={() => blocker.reset?.()} aria-labelledby="leave-title" aria-describedby="leave-body">
      <DialogTitle id="leave-title">{LEAVE_TEXT.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="leave-body">{LEAVE_TEXT.body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {LEAVE_TEXT.stay}
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          {LEAVE_TEXT.leave}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
