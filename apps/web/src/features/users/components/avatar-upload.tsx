import { useEffect, useRef, useState } from 'react'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera'
import type { User } from '@shelfwise/contracts'
import { errorMessage } from '#/lib/api-client.ts'
import { bearerToken } from '#/lib/session.ts'
import { profileImageUrl } from '#/lib/format.ts'
import { refuseImage, uploadImage } from '#/lib/upload-image.ts'
import { useUpdateProfile } from '#/features/users/api/update-profile.ts'

const UPLOAD_MESSAGES = {
  noToken: 'No authentication token found',
  noUrl: 'No image URL returned from server',
  failed: 'Failed to upload profile image',
  done: 'Profile image updated successfully',
} as const

class UploadError extends Error {}

/** The avatar with 'Change Profile Image': pick, preview, then Upload or Cancel. */
export function AvatarUpload({
  username,
  profileImage,
  onDone,
  onError,
}: {
  username: string
  profileImage: string
  onDone: (user: User, message: string) => void
  onError: (message: string) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [isUploading, setUploading] = useState(false)
  const update = useUpdateProfile()

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview)
    },
    [preview],
  )

  const clear = () => {
    setFile(null)
    setPreview(null)
    if (input.current) input.current.value = ''
  }
  const handleUpload = async () => {
    if (!file) return
    setUploading(true)
    try {
      if (!bearerToken()) throw new UploadError(UPLOAD_MESSAGES.noToken)
      const { imageUrl } = await uploadImage(file)
      if (!imageUrl) throw new UploadError(UPLOAD_MESSAGES.noUrl)
      const user = await update.mutateAsync({ profileImage: imageUrl })
      onDone(user, UPLOAD_MESSAGES.done)
    } catch (err) {
      // The server's reason ('The image is too large: at most 5 MB', 'Only image files are allowed'), else the fallback.
      onError(err instanceof UploadError ? err.message : errorMessage(err, UPLOAD_MESSAGES.failed))
    } finally {
      setUploading(false)
      clear()
    }
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
      <Avatar
        src={preview ?? profileImageUrl(profileImage)}
        alt={preview ? 'Preview of your new profile picture' : `${username}'s profile picture`}
        sx={{ width: { xs: 96, md: 128 }, height: { xs: 96, md: 128 }, border: 4, borderColor: 'background.paper', fontSize: 48 }}
      >
        {username.charAt(0).toUpperCase()}
      </Avatar>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-label="Profile image file"
        onChange={(e) => {
          const f = e.target.files?.[0]
          if (!f) return
          // Said at once, before a large file is sent only to be refused.
          const refusal = refuseImage(f)
          if (refusal) {
            e.target.value = ''
            onError(refusal)
            return
          }
          setFile(f)
          setPreview(URL.createObjectURL(f))
        }}
      />
      {file ? (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="small" variant="contained" onClick={handleUpload} disabled={isUploading}>
            {isUploading ? 'Uploading...' : 'Upload'}
          </Button>
          <Button size="small" onClick={clear} disabled={isUploading}>
            Cancel
          </Button>
        </Box>
      ) : (
        <Button size="small" startIcon={<PhotoCameraIcon />} onClick={() => input.current?.click()} sx={{ whiteSpace: 'nowrap' }}>
          Change Profile Image
        </Button>
      )}
    </Box>
  )
}
