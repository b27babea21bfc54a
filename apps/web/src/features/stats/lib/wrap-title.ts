// A title broken into lines for the year-in-review image: at spaces, never inside a word; a word
// wider than a whole line is cut with an ellipsis (that alone can never fit); lines past `maxLines`
// are dropped and the last kept one ends with an ellipsis after a whole word.

const ELLIPSIS = '…'

let segmenter: Intl.Segmenter | undefined
/** The text's characters as a reader sees them (an emoji with its modifiers is one); one segmenter for all (making one is slow). */
const graphemes = (text: string): string[] => {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  return [...segmenter.segment(text)].map((s) => s.segment)
}

/** As much of `word` as fits in `width` with an ellipsis after it (at least one character), found by halving. */
function cutWord(word: string, width: number, measure: (s: string) => number): string {
  const chars = graphemes(word)
  let [fits, over] = [1, chars.length]
  while (over - fits > 1) {
    const mid = Math.floor((fits + over) / 2)
    if (measure(chars.slice(0, mid).join('') + ELLIPSIS) <= width) fits = mid
    else over = mid
  }
  return chars.slice(0, fits).join('') + ELLIPSIS
}

/** `line` with an ellipsis that fits in `width`: whole words dropped from its end first. */
function endWithEllipsis(line: string, width: number, measure: (s: string) => number): string {
  const words = line.split(' ')
  while (words.length > 1 && measure(`${words.join(' ')}${ELLIPSIS}`) > width) words.pop()
  const kept = words.join(' ')
  return measure(kept + ELLIPSIS) <= width ? kept + ELLIPSIS : cutWord(kept, width, measure)
}

export function wrapTitle(text: string, width: number, maxLines: number, measure: (s: string) => number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean)
  if (maxLines < 1 || words.length === 0) return []
  const lines: string[] = []
  let line = ''
  let i = 0
  for (; i < words.length; i++) {
    const word = words[i]!
    const joined = line ? `${line} ${word}` : word
    if (measure(joined) <= width) {
      line = joined
      continue
    }
    if (line) {
      lines.push(line)
      line = ''
      if (lines.length === maxLines) break
    }
    // Alone on its line: whole when it fits, else cut, as nothing else could make it fit.
    line = measure(word) <= width ? word : cutWord(word, width, measure)
  }
  if (lines.length < maxLines && line) {
    lines.push(line)
    line = ''
  }
  const more = i < words.length || line !== ''
  if (more) lines[lines.length - 1] = endWithEllipsis(lines.at(-1)!, width, measure)
  return lines
}
