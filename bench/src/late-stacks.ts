// What held the event loop: `node bench/src/late-stacks.ts <cpu-prof dir> <bench log> [n]` reads the
// server's CPU profiles and the LATE lines late-turns.ts wrote, and prints, for the n latest turns, the
// functions sampled most often while each was held (every function on the stack counts once a sample;
// the loop's own frames left out). Few samples in a long hold mean the thread was not running: other
// processes or the server's own threads had its core.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

const [dir, logFile, most = '10'] = process.argv.slice(2)
if (!dir || !logFile) {
  console.error('usage: node bench/src/late-stacks.ts <cpu-prof dir> <bench log> [how many]')
  process.exit(2)
}
const LOOP_FRAMES = /^\(root\)|^\(program\)|^\(idle\)|runMicrotasks|processTicksAndRejections|runNextTicks|listOnTimeout|processTimers|processImmediate/
const late = [...readFileSync(logFile, 'utf8').matchAll(/LATE (\d+) at (\d+)/g)].map((m) => ({ ms: Number(m[1]), at: Number(m[2]) }))

for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parentOf = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id)
  const names = new Map<number, string[]>()
  const stackOf = (id: number): string[] => {
    let stack = names.get(id)
    if (stack) return stack
    stack = []
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at)!.callFrame
      stack.push(`${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`)
    }
    names.set(id, stack)
    return stack
  }
  const times: number[] = []
  for (let i = 0, t = profile.startTime; i < profile.samples.length; i++) times.push((t += profile.timeDeltas[i]!))
  const mine = late.filter((l) => l.at >= profile.startTime && l.at <= profile.endTime).sort((a, b) => b.ms - a.ms)
  console.log(`${file}: ${mine.length} late turns`)
  for (const turn of mine.slice(0, Number(most))) {
    const from = turn.at - (turn.ms + 5) * 1000
    const counts = new Map<string, number>()
    let samples = 0
    for (let i = 0; i < times.length; i++) {
      if (times[i]! < from || times[i]! > turn.at) continue
      samples++
      for (const frame of new Set(stackOf(profile.samples[i]!))) counts.set(frame, (counts.get(frame) ?? 0) + 1)
    }
    console.log(`\n== held ${turn.ms} ms, ${samples} samples`)
    for (const [frame, n] of [...counts]
      .filter(([f]) => !LOOP_FRAMES.test(f))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12))
      console.log(`  ${n}\t${frame}`)
  }
}
