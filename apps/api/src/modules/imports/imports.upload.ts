import { v7 as uuidv7 } from 'uuid'
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportJob, type ImportSource } from '@shelfwise/contracts'
import { csvRecordsSliced, CsvError } from '@shelfwise/library-files'
import { isUniqueViolation, nowIso, type Db } from '#/db/portable.ts'
import { AppError, badRequest, conflict } from '#/errors.ts'
import type { Actor } from '#/security/actor.ts'
import { detectFormat } from '#/modules/imports/import-formats.ts'
import { findKeptUsage } from '#/modules/imports/imports.limits.repository.ts'
import { findImport, insertImport, listImports } from '#/modules/imports/imports.repository.ts'
import { DAY_MS, fileNameOf, inWords, SLICE_MS, textPiecesOf } from '#/modules/imports/imports.rules.ts'

// A file sent to be imported (issue 14, issue 19): checked whole and refused before anything is kept,
// else kept (compressed, in parts) with its job, which starts at once on this instance.

export interface ImportsUploadDeps {
  db: Db
  /** Takes up a queued job on this instance (the worker). */
  kick: (id: string) => void
}

export const createImportsUpload = ({ db, kick }: ImportsUploadDeps) => {
  /** 413 when one more import of `bytes` would pass what the reader's imports may keep, naming the limit and when room is made. */
  const assertRoom = async (userId: string, bytes: number) => {
    const now = Date.now()
    const kept = await findKeptUsage(db, userId, new Date(now - IMPORT_LIMITS.keptDays * DAY_MS).toISOString())
    const freedOn = () => inWords((kept.oldestFinishedAt ? Date.parse(kept.oldestFinishedAt) : now) + IMPORT_LIMITS.keptDays * DAY_MS)
    if (kept.imports + 1 > IMPORT_LIMITS.keptImports)
      throw new AppError('payload_too_large', IMPORT_MESSAGES.keptMany(IMPORT_LIMITS.keptImports, IMPORT_LIMITS.keptDays, freedOn()))
    if (kept.bytes + bytes > IMPORT_LIMITS.keptBytes)
      throw new AppError('payload_too_large', IMPORT_MESSAGES.keptFull(Math.round(IMPORT_LIMITS.keptBytes / (1024 * 1024)), IMPORT_LIMITS.keptDays, freedOn()))
  }

  return {
    /**
     * Checks an export file whole (UTF-8 text, CSV well formed, the columns of a Goodreads or
     * StoryGraph export, at most IMPORT_LIMITS rows, room left in the reader's kept imports) and
     * queues its import; nothing is kept when it is refused. One import at a time per reader: the
     * database's unique index decides between uploads sent at once (409 for all but one). The job
     * starts at once on this instance.
     */
    async start(actor: Actor, file: { name: string; bytes: Buffer | Buffer[] }, source: ImportSource | undefined): Promise<ImportJob> {
      const pieces = Array.isArray(file.bytes) ? file.bytes : [file.bytes]
      const size = pieces.reduce((n, p) => n + p.length, 0)
      if (size > IMPORT_LIMITS.maxBytes) throw new AppError('payload_too_large', IMPORT_MESSAGES.tooLarge)
      // One import at a time per reader: a second file waits for the first (and nobody queues a
      // hundred). Looked at first to spare reading the file; the insert below is what holds it.
      if ((await listImports(db, actor.id, 5)).some((j) => j.status === 'queued' || j.status === 'running')) throw conflict(IMPORT_MESSAGES.oneAtATime)
      await assertRoom(actor.id, size)
      const text = await textPiecesOf(pieces)
      if (text === undefined) throw badRequest(IMPORT_MESSAGES.notText)
      let header: string[] | undefined
      let format: ReturnType<typeof detectFormat> | undefined
      let rows = 0
      try {
        // Here the rows are only counted (and checked as CSV): no field but the header's is kept.
        for await (const record of csvRecordsSliced(text, SLICE_MS, { keep: () => [] })) {
          if (!header) {
            header = record.fields
            format = detectFormat(header, source)
            if (!format.ok) throw badRequest(format.message)
            continue
          }
          rows += 1
          if (rows > IMPORT_LIMITS.maxRows) throw new AppError('payload_too_large', IMPORT_MESSAGES.tooManyRows(IMPORT_LIMITS.maxRows + 1))
        }
      } catch (err) {
        if (err instanceof CsvError) throw badRequest(err.message)
        throw err
      }
      if (!header || !format?.ok) throw badRequest('The file is empty: export your library and send that file')
      if (rows === 0) throw badRequest('The file has its columns but no rows: there is nothing to import')
      const id = uuidv7()
      const name = fileNameOf(file.name)
      try {
        await insertImport(db, {
          id,
          userId: actor.id,
          source: format.format,
          fileName: name,
          file: pieces,
          header,
          total: rows,
          fileBytes: size,
          at: nowIso(),
        })
      } catch (err) {
        // Another upload of the reader's was queued while this file was read (imports_one_unsettled_idx).
        if (isUniqueViolation(err)) throw conflict(IMPORT_MESSAGES.oneAtATime)
        throw err
      }
      kick(id)
      return (await findImport(db, actor.id, id))!
    },
  }
}
