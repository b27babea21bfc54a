import type { Sharp, SharpOptions } from 'sharp'

// sharp (libvips, ~15 MB resident) is loaded on first use, not at start: most instances seldom see
// an upload or draw a year in review.
//
// Its cache of operations is turned off. Every image made here is made from new bytes (an upload, a
// year drawn once per version and kept by the stats memo), so libvips's cache (by default up to 50 MB
// and 100 operations) never answered one and only held memory: 30 year images drawn one after
// another left the process at 184 MB resident with it, 141 MB without (issue 26).

type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp

let loading: Promise<SharpFactory> | undefined

/** sharp, loaded once, with libvips's operation cache off. */
export const loadSharp = (): Promise<SharpFactory> =>
  (loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false)
    return sharp
  }))

/** What libvips's cache holds now (for tests and metrics): its memory in MB and its operations. */
export const imageCacheLoad = async (): Promise<{ memoryMb: number; maxMemoryMb: number; items: number; maxItems: number }> => {
  const { default: sharp } = await import('sharp')
  const c = sharp.cache()
  return { memoryMb: c.memory.current, maxMemoryMb: c.memory.max, items: c.items.current, maxItems: c.items.max }
}
