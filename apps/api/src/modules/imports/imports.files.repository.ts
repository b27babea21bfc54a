import { Readable, type Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import type { Db } from '#/db/portable.ts'
import { yieldToLoop } from '#/work-gate.ts'

// A job's file as it was sent (migration 2026_11_27_0300): compressed on libuv's threads and kept in
// parts apart from the job's row, a part per statement, until its rows are stored.

/** A file is stored (compressed) in parts of this many bytes: one statement writes or reads a part in a few milliseconds. */
const FILE_PART_BYTES = 1024 * 1024

/** Stores the compressed file in parts, the server's other work served between two, in the caller's transaction. */
export async function insertFileParts(trx: Db, importId: string, packed: Uint8Array): Promise<void> {
  for (let part = 0; part * FILE_PART_BYTES < packed.length; part++) {
    const bytes = packed.subarray(part * FILE_PART_BYTES, (part + 1) * FILE_PART_BYTES)
    await trx.insertInto('importFiles').values({ importId, part, bytes }).execute()
    await yieldToLoop()
  }
}

/**
 * A job's file as it was sent, in pieces: its parts read one statement each, then uncompressed on
 * libuv's threads (the pieces are not joined: 10 MB in one copy held the loop for tens of ms).
 */
export async function readFile(db: Db, id: string): Promise<Uint8Array[]> {
  const parts: Uint8Array[] = []
  for (let part = 0; ; part++) {
    const row = await db.selectFrom('importFiles').select('bytes').where('importId', '=', id).where('part', '=', part).executeTakeFirst()
    if (!row) break
    parts.push(row.bytes)
  }
  // A file kept from before files were compressed (migration 2026_11_27_0300) is its text as is:
  // gzip's first two bytes are never the start of UTF-8 text.
  const packed = parts[0]?.[0] === 0x1f && parts[0][1] === 0x8b
  return packed ? pipeThrough(parts, createGunzip()) : parts
}

/**
 * The pieces compressed, on libuv's threads; the (small) result in one buffer. The fastest level:
 * those threads share the cores with the event loop (level 6 left the hostile-import bench's health
 * p99 at 38–59 ms with the server on one core, level 1 at 35–36 ms), and CSV still shrinks severalfold.
 */
export const compress = async (pieces: Uint8Array[]): Promise<Buffer> => Buffer.concat(await pipeThrough(pieces, createGzip({ level: 1 })))

/** Pieces through a zlib stream, its output as the pieces it came in. */
async function pipeThrough(pieces: Uint8Array[], transform: Transform): Promise<Uint8Array[]> {
  const out: Uint8Array[] = []
  await pipeline(Readable.from(pieces), transform, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) out.push(chunk)
  })
  return out
}

/** The file is read: its rows are stored, so the file goes. */
export async function dropFileText(db: Db, id: string, now: string): Promise<void> {
  await db.deleteFrom('importFiles').where('importId', '=', id).execute()
  await db.updateTable('imports').set({ updatedAt: now }).where('id', '=', id).execute()
}
