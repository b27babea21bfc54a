import { useState } from 'react'
import { Link as RouterLink, useNavigate } from '#/lib/router/react.tsx'
import Link from '@mui/material/Link'
import { paths } from '#/config/paths.ts'
import { ApiError } from '#/lib/api-client.ts'
import type { BookNameField } from '#/features/books/api/get-books-by-name.ts'

const PROFILE_NAV_ERROR = 'Failed to navigate to user profile. Please try again later.'
const userNotFound = (name: string) => `User "${name}" not found`

interface Props {
  field: BookNameField
  /** The name as the book carries it. */
  name: string
  /** The linked reader's username, when the book carries one. */
  username: string | null
  /** Finds a reader by username (the users feature's look-up, handed in by the page). */
  lookupUser: (username: string) => Promise<{ _id: string }>
  /** Shows why a profile could not be opened. */
  onError: (message: string) => void
}

const nameSx = { font: 'inherit', verticalAlign: 'baseline', overflowWrap: 'anywhere', textAlign: 'start' } as const

/**
 * An author's or publisher's name on a book's page, which always leads somewhere (decision 0010):
 * to the linked reader's profile, looked up by username as the spec says (its messages kept for a
 * look-up that fails), otherwise to the page of every book carrying the name.
 */
export function BookNameLink({ field, name, username, lookupUser, onError }: Props) {
  const navigate = useNavigate()
  const [isBusy, setBusy] = useState(false)
  if (!username) {
    const href = field === 'author' ? paths.author.href(name) : paths.publisher.href(name)
    return (
      <Link component={RouterLink} to={href} dir="auto" underline="hover" sx={nameSx}>
        {name}
      </Link>
    )
  }
  const handleClick = async () => {
    setBusy(true)
    try {
      const user = await lookupUser(username)
      navigate(paths.user.href(user._id))
    } catch (err) {
      onError(err instanceof ApiError && err.status === 404 ? userNotFound(username) : PROFILE_NAV_ERROR)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Link component="button" type="button" onClick={handleClick} disabled={isBusy} dir="auto" underline="hover" sx={nameSx}>
      {name}
    </Link>
  )
}
