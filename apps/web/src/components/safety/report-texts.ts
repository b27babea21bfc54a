import type { ReportReason } from '@shelfwise/contracts'

// What the report button and dialog say (decision 0058).

export const REPORT_TEXT = {
  button: 'Report',
  title: 'Report to the moderators',
  reason: 'Reason',
  note: 'Anything the moderators should know (optional)',
  submit: 'Send report',
  busy: 'Sending…',
  sent: 'Thank you. The moderators will look at it; you will find their answer under Your reports in your profile.',
  close: 'Close',
} as const

export const REASON_TEXT: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech',
  spoiler: 'Unmarked spoilers',
  sexual: 'Sexual content',
  violence: 'Violence or threats',
  impersonation: 'Pretends to be someone else',
  wrong_information: 'Wrong information',
  other: 'Something else',
}
