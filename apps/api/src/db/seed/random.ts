// A small seeded pseudo-random generator (mulberry32), so the demo community comes out the same
// every time for the same moment. Not for anything secret.

export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** A float in [min, max). */
  between(min: number, max: number): number
  /** A whole number in [min, max], both ends included. */
  int(min: number, max: number): number
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
  bytes(n: number): Uint8Array
  /** `n` different items, each drawn with a chance proportional to its weight. */
  sample<T>(items: readonly T[], n: number, weight?: (item: T) => number): T[]
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    between: (min, max) => min + next() * (max - min),
    int,
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    bytes: (n) => Uint8Array.from({ length: n }, () => Math.floor(next() * 256)),
    sample(items, n, weight = () => 1) {
      const pool = items.map((item) => ({ item, w: Math.max(0, weight(item)) }))
      const out: (typeof items)[number][] = []
      while (out.length < n && pool.length) {
        const total = pool.reduce((s, p) => s + p.w, 0)
        let r = next() * total
        let i = 0
        while (i < pool.length - 1 && r >= pool[i]!.w) r -= pool[i++]!.w
        out.push(pool[i]!.item)
        pool.splice(i, 1)
      }
      return out
    },
  }
}
