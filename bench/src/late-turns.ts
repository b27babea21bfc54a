// Loaded into the server with `--node-args='--import=./bench/src/late-turns.ts --cpu-prof --cpu-prof-dir=/tmp/prof'`:
// a timer every 5 ms writes to stderr each turn of the event loop that came more than 30 ms late, with
// the moment it came (microseconds of the monotonic clock, the CPU profile's own). late-stacks.ts
// then reads, for each late turn, what the profile sampled during it.
const EVERY_MS = 5
const LATE_MS = 30

let last = process.hrtime.bigint()
setInterval(() => {
  const now = process.hrtime.bigint()
  const lateMs = Number(now - last) / 1e6 - EVERY_MS
  if (lateMs > LATE_MS) process.stderr.write(`LATE ${lateMs.toFixed(0)} at ${now / 1000n}\n`)
  last = now
}, EVERY_MS).unref()
