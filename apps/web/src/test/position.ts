import { fireEvent, screen, within } from '@testing-library/react'

/** The field a kind of position asks for next, by its label. */
const FIELD = { 'A page': 'Page', 'A percent': 'Percent' } as const

/**
 * Says how far into the book a post or comment in `form` is, as a reader does: opens the "How far in
 * is this?" menu, picks `option`, and for a page or a percent types `value` into the field it shows.
 */
export async function choosePosition(form: HTMLElement, option: 'A page' | 'A percent' | 'The ending' | 'Not a spoiler', value?: string) {
  fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'How far in is this?' }))
  fireEvent.click(await screen.findByRole('option', { name: option }))
  if (value !== undefined && option in FIELD) fireEvent.change(within(form).getByLabelText(FIELD[option as keyof typeof FIELD]), { target: { value } })
}
