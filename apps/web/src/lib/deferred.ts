import { useDeferredValue } from 'react'

const NOT_YET: unique symbol = Symbol('not drawn yet')

/**
 * Query data for a part that is costly to draw (a grid of cards, a book's page). Query answers reach
 * React as blocking updates, drawn within the task that delivered them; through this hook the draw
 * that first shows the data (and each later change) is a transition instead, which React renders in
 * slices of a few milliseconds that let the browser paint and answer input in between. Until that
 * draw is done: undefined, and the part keeps showing what it showed (its spinner).
 */
export function useDeferredData<T>(data: T | undefined): T | undefined {
  // The build's shell renderer (src/shell/render.tsx) draws once, with the data it was given.
  if (import.meta.env.SSR) return data
  // The condition above is fixed for a build (the shell renderer's, or the app's): the hook's order never changes.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const shown = useDeferredValue<T | typeof NOT_YET>(data === undefined ? NOT_YET : data, NOT_YET)
  return shown === NOT_YET ? undefined : shown
}
