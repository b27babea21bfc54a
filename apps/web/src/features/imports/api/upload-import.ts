import { api } from '#/lib/api-client.ts'
import { importKeys } from '#/lib/query-keys.ts'
import { useStoringMutation } from '#/lib/storing-mutation.ts'

/** POST /imports, the export as the multipart field `file`; the server tells Goodreads from StoryGraph by the header. */
const uploadImport = (file: File) => {
  const form = new FormData()
  form.append('file', file)
  return api.post('/imports', (c) => c.ImportJobSchema, form)
}

/** Starts an import: the job it answers (202) is the screen's from then on. */
export const useUploadImport = () => useStoringMutation(uploadImport, (job) => importKeys.detail(job._id), importKeys.list)
