import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { importKeys } from '#/lib/query-keys.ts'

/** POST /imports, the export as the multipart field `file`; the server tells Goodreads from StoryGraph by the header. */
const uploadImport = (file: File) => {
  const form = new FormData()
  form.append('file', file)
  return api.post('/imports', (c) => c.ImportJobSchema, form)
}

/** Starts an import: the job it answers (202) is the screen's from then on. */
export function useUploadImport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: (job) => {
      queryClient.setQueryData(importKeys.detail(job._id), job)
      void queryClient.invalidateQueries({ queryKey: importKeys.list })
    },
  })
}
