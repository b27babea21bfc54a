// One way to print a benchmark table on the console: a title, a header, a rule, and columns padded
// to their widest cell (numbers to the right, words to the left).

/** Milliseconds with two decimals below 10 and one above. */
export const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1))

/** Prints `cells` under `head`; column 0 and the columns from `wordsFrom` on are words (left-aligned). */
export function printTextTable(title: string, head: string[], cells: string[][], wordsFrom: number) {
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)))
  const line = (c: string[]) =>
    c
      .map((v, i) => (i === 0 || i >= wordsFrom ? v.padEnd(widths[i]!) : v.padStart(widths[i]!)))
      .join('  ')
      .trimEnd()
  console.log(`\n${title}`)
  console.log(line(head))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const c of cells) console.log(line(c))
}
