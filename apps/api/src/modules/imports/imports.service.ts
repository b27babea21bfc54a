import { IMPORT_MESSAGES, type ImportJob } from '@shelfwise/contracts'
import type { Db } from '#/db/portable.ts'
import { notFound } from '#/errors.ts'
import type { Actor } from '#/security/actor.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import type { ReadingService } from '#/modules/reading/reading.service.ts'
import type { ReviewsService } from '#/modules/reviews/reviews.service.ts'
import type { BookshelvesService } from '#/modules/bookshelves/bookshelves.service.ts'
import { createRowApplier } from '#/modules/imports/imports.apply.ts'
import { createImportsReport } from '#/modules/imports/imports.report.ts'
import { findImport, listImports } from '#/modules/imports/imports.repository.ts'
import { createImportsUpload } from '#/modules/imports/imports.upload.ts'
import { createImportsWorker, type ImportsWorkerDeps } from '#/modules/imports/imports.worker.ts'

// Imports of a reader's library (issue 14, decision 0020). A file is checked whole when it is sent
// (its columns, its CSV, its size) and refused before anything is kept; then a job reads its rows
// into the database and applies them a batch at a time, yielding to the event loop between batches,
// under a lease any instance renews while it works and takes over when it runs out (a restart).
// Issue 19 holds imports to limits the database keeps: a job taken over too often fails saying why,
// one import per reader at a time, daily caps on books made and reviews posted, and a quota and an
// expiry on what imports keep.
//
// This file is the module's one door; its jobs live apart: imports.upload.ts checks a file and queues
// it, imports.worker.ts works the jobs through, imports.apply.ts applies one row, imports.report.ts
// shows and settles the rows, imports.rules.ts holds the rules that need no database.

export interface ImportsDeps {
  db: Db
  books: BooksService
  reading: ReadingService
  reviews: ReviewsService
  bookshelves: Pick<BookshelvesService, 'placeOnShelves'>
  /** How often an instance looks for jobs nobody works on (ms); 0: only when a file is sent. */
  pollMs?: number
  /** The merges module's suggestions from a finished import (decision 0030). */
  suggestMerges?: ImportsWorkerDeps['suggestMerges']
  /** Tells the reader their import finished (decision 0052). */
  notify?: ImportsWorkerDeps['notify']
}

export const createImportsService = ({ db, books, reading, reviews, bookshelves, pollMs = 5_000, suggestMerges, notify }: ImportsDeps) => {
  const apply = createRowApplier({ db, books, reading, reviews, bookshelves })
  const { kick, ...worker } = createImportsWorker({ db, apply, pollMs, suggestMerges, notify })

  const ownJob = async (actor: Actor, id: string) => {
    const job = await findImport(db, actor.id, id)
    if (!job) throw notFound(IMPORT_MESSAGES.importNotFound)
    return job
  }

  return {
    // start: a file checked whole, and its import queued.
    ...createImportsUpload({ db, kick }),

    get: ownJob,

    /** The reader's imports, newest first (the last 20). */
    list: (actor: Actor): Promise<ImportJob[]> => listImports(db, actor.id, 20),

    // rows, rowsCsv, resolve: what the import made of each row.
    ...createImportsReport({ db, books, apply, ownJob }),

    // startWorking, sweep, idle: this instance's part in the background work.
    ...worker,
  }
}

export interface JobLog {
  error(obj: object, msg: string): void
}

export type ImportsService = ReturnType<typeof createImportsService>
