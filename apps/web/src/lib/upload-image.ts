import { LIMITS, MESSAGES } from '@shelfwise/contracts/constants'
import { api } from '#/lib/api-client.ts'

// An image sent to the server's uploads: a profile picture, a book's cover.

/** POST /upload, multipart with the field `image`. */
export function uploadImage(file: File) {
  const form = new FormData()
  form.append('image', file)
  return api.post('/upload', (c) => c.UploadResultSchema.partial(), form)
}

/** Why a chosen file cannot be uploaded, in the server's own words (said before it is sent); undefined when it can. */
export function refuseImage(file: File): string | undefined {
  if (file.type && !file.type.startsWith('image/')) return MESSAGES.onlyImages
  if (file.size > LIMITS.uploadBytesMax) return MESSAGES.fileTooLarge
  return undefined
}
