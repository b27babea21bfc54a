import { api } from '#/lib/api-client.ts'

/** POST /upload, multipart with the field `image`. */
export function uploadImage(file: File) {
  const form = new FormData()
  form.append('image', file)
  return api.post('/upload', (c) => c.UploadResultSchema.partial(), form)
}
