import { useMutation } from '@tanstack/react-query'
import type { ImportJob } from '@shelfwise/contracts'
import { downloadFile } from '#/lib/save-file.ts'
import { NOT_IMPORTED } from '#/features/imports/api/get-import-rows.ts'

/** 'goodreads_library_export.csv' → 'goodreads_library_export-not-imported.csv'. */
const notImportedFileName = (fileName: string) => `${fileName.replace(/\.csv$/i, '') || 'import'}-not-imported.csv`

/** GET /imports/{id}/rows.csv: the rows that did not import, under the file's own header, to fix and import again. */
export const useDownloadNotImported = (job: ImportJob) =>
  useMutation({
    mutationFn: () => downloadFile(`/imports/${encodeURIComponent(job._id)}/rows.csv`, notImportedFileName(job.fileName), { outcome: NOT_IMPORTED }),
  })
