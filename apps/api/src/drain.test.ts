import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { acceptQueueLength } from '#/drain.ts'

// The drain waits for the kernel's queue of accepted connections to empty before it closes the
// listener (closing it resets them): the queue is read from /proc/net/tcp's listening rows.

const dir = mkdtempSync(join(tmpdir(), 'shelfwise-drain-unit-'))
const table = (rows: string[]) => {
  const file = join(dir, `tcp-${Math.random().toString(36).slice(2)}`)
  const head = '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode'
  writeFileSync(file, [head, ...rows, ''].join('\n'))
  return file
}

describe('acceptQueueLength', () => {
  it("reads the listening socket's queue on its port, and only there", () => {
    // The kernel lists the listening sockets first, then the connections.
    const file = table([
      '   0: 0100007F:0BB8 00000000:0000 0A 00000000:00000003 00:00000000 00000000  1000        0 1 1 0000000000000000 100 0 0 10 0',
      '   1: 00000000:1F90 00000000:0000 0A 00000000:00000007 00:00000000 00000000  1000        0 3 1 0000000000000000 100 0 0 10 0',
      // An established connection on the same port: its receive queue is bytes, not connections.
      '   2: 0100007F:0BB8 0100007F:D431 01 00000000:00000200 00:00000000 00000000  1000        0 2 1 0000000000000000 20 4 30 10 -1',
    ])
    expect(acceptQueueLength(3000, [file])).toBe(3)
    expect(acceptQueueLength(8080, [file])).toBe(7)
    expect(acceptQueueLength(4000, [file])).toBeUndefined()
  })

  it('adds IPv4 and IPv6 listeners, and knows nothing where the tables are missing', () => {
    const v4 = table(['   0: 0100007F:0BB8 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 1 1 0 100 0 0 10 0'])
    const v6 = table([
      '   0: 00000000000000000000000000000000:0BB8 00000000000000000000000000000000:0000 0A 00000000:00000002 00:00000000 00000000 1000 0 9 1 0 100 0 0 10 0',
    ])
    expect(acceptQueueLength(3000, [v4, v6])).toBe(2)
    expect(acceptQueueLength(3000, [join(dir, 'absent')])).toBeUndefined()
  })

  it('reads the listening rows at the head of a table of 50,000 connections and stops there, so the look before the close stays short', () => {
    const connection = (i: number) =>
      `${String(i + 1).padStart(6)}: 0100007F:0BB8 0100007F:${(10_000 + i).toString(16).toUpperCase()} 06 00000000:00000000 03:00000000 00000000     0        0 0 3 0000000000000000`
    const listening = '     0: 0100007F:0BB8 00000000:0000 0A 00000000:00000004 00:00000000 00000000  1000        0 1 1 0000000000000000 100 0 0 10 0'
    // A listening row far down would be a malformed table; reaching it would mean the whole table was read.
    const misplaced = ' 99999: 0100007F:0BB8 00000000:0000 0A 00000000:00000063 00:00000000 00000000  1000        0 1 1 0000000000000000 100 0 0 10 0'
    const file = table([listening, ...Array.from({ length: 50_000 }, (_, i) => connection(i)), misplaced])
    expect(acceptQueueLength(3000, [file])).toBe(4)
  })
})
