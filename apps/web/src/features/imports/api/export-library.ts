import { useMutation } from '@tanstack/react-query'
import { loadContracts } from '#/lib/api-client.ts'
import { downloadFile } from '#/lib/save-file.ts'

/**
 * The two exports of the reader's own data: the library in Goodreads's 24 columns (Goodreads,
 * StoryGraph, BookWyrm and Hardcover import it), and everything the reader owns as JSON.
 */
const EXPORT_PATHS = { goodreads: '/me/export/goodreads.csv', json: '/me/export.json' } as const
export type LibraryExport = keyof typeof EXPORT_PATHS

/** Downloads one export with the reader's token (a plain link cannot send it), under the server's file name or the contracts' own. */
export const useExportLibrary = () =>
  useMutation({
    mutationFn: async (kind: LibraryExport) => downloadFile(EXPORT_PATHS[kind], (await loadContracts()).EXPORT_FILE_NAMES[kind]),
  })
