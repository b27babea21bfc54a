const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/**
 * A reader's date in words, as precise as they gave it: '2019', 'May 2019', '12 May 2019'. Read from
 * the text itself, never through a Date, so no time zone can move it by a day.
 */
export function partialDateInWords(value: string): string {
  const [year, month, day] = value.split('-')
  const monthName = month ? MONTHS[Number(month) - 1] : undefined
  if (!monthName) return year ?? value
  return day ? `${Number(day)} ${monthName} ${year}` : `${monthName} ${year}`
}

/** One read in words: 'Started 3 March 2026 · Finished 9 March 2026', 'Finished, date unknown', 'In progress'. */
export function readInWords(r: {
  startedOn: string | null
  finishedOn: string | null
  stoppedOn: string | null
  outcome: 'finished' | 'stopped' | null
}): string {
  const parts: string[] = []
  if (r.startedOn) parts.push(`Started ${partialDateInWords(r.startedOn)}`)
  if (r.outcome === 'finished') parts.push(r.finishedOn ? `Finished ${partialDateInWords(r.finishedOn)}` : 'Finished, date unknown')
  else if (r.outcome === 'stopped') parts.push(r.stoppedOn ? `Stopped ${partialDateInWords(r.stoppedOn)}` : 'Stopped, date unknown')
  else parts.push('In progress')
  return parts.join(' · ')
}
