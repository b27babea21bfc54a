import { within, type ByRoleMatcher } from '@testing-library/react'

/** The text of every element of `role` inside `container`, in order, as a reader sees them. */
export const textsOf = (container: HTMLElement, role: ByRoleMatcher) =>
  within(container)
    .getAllByRole(role)
    .map((el) => el.textContent)
