import type { ReaderDataDoor } from '#/reader-data.ts'
import type { UploadsService } from '#/modules/uploads/uploads.service.ts'

// The uploads module's door to a reader's data (decision 0019): the rows that count their stored
// images. The images are in the export where they are shown (the profile's picture); the rows are
// let go of when the account closes, and the sweep removes the files, keeping one a book still shows.

/** The reader's uploads; released through the uploads service. */
export const createUploadsDoor = (uploads: Pick<UploadsService, 'releaseAllOf'>): ReaderDataDoor => ({
  module: 'uploads',
  tables: {
    uploads: {
      exported: { leftOut: 'the bookkeeping of stored images (name, size, times): the images are in the export where they are shown, as the profile picture' },
      removed: 'released',
    },
  },
  exportFor: () => ({}),
  async removeFor(trx, userId) {
    await uploads.releaseAllOf(userId, trx)
  },
})
