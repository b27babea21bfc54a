import { api } from '#/lib/api-client.ts'

/** The file name the server gives (Content-Disposition's filename), else `fallback`. */
function fileNameOf(headers: Headers, fallback: string): string {
  const disposition = headers.get('Content-Disposition') ?? ''
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1]
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim())
    } catch {
      // A malformed name: the plain one, or the fallback.
    }
  }
  const plain = /filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;\s]+)/i.exec(disposition)
  return plain?.[1] ?? plain?.[2] ?? fallback
}

/** Hands `blob` to the browser as a download named `fileName`. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.rel = 'noopener'
  a.style.display = 'none'
  document.body.append(a)
  a.click()
  a.remove()
  // The browser has taken the file once the click has run; the URL can go after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * Downloads a file the API makes for the signed-in reader (an export, a list of rows): the bearer
 * header goes with it, which a plain link cannot send. Throws ApiError when the server refuses.
 */
export async function downloadFile(path: string, fallbackName: string, query?: Record<string, string>): Promise<void> {
  const { data, headers } = await api.file(path, query)
  saveBlob(data, fileNameOf(headers, fallbackName))
}
