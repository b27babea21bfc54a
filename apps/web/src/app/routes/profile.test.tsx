import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, failWithoutMessage, pagedAnswer, serverError, type FakeResponse, type Handler } from '#/test/fake-api.ts'
import { buildBook, buildReview, buildStats, buildUser, makeToken } from '#/test/factories.ts'
import { ownProfileApi } from '#/test/profile-api.ts'
import { followTile, recordScrolls, tileLinks } from '#/test/profile-tiles.ts'

const me = buildUser({ name: 'Ada Lovelace', username: 'ada', bio: '' })

const api = (extra: Record<string, Handler> = {}) =>
  ownProfileApi(
    { [`GET /users/${me._id}/stats`]: { body: buildStats({ reviews: 3, readBooks: 2, wishlistCount: 5, following: 4, followers: 6 }) }, ...extra },
    me,
  )

const openMenuItem = async (name: string) => {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }))
  fireEvent.click(await screen.findByRole('menuitem', { name }))
}

const scrollIntoView = recordScrolls()

describe('Own profile', () => {
  it("asks to log in when there is no stored user: 'Please login to view your profile'", async () => {
    localStorage.setItem('token', makeToken())
    fakeApi({})
    renderApp('/profile')
    expect(await screen.findByText('Please login to view your profile')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login')
  })

  it('shows name, @username, the bio placeholder, stat tiles and the empty wishlist', async () => {
    api()
    renderApp('/profile')
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument()
    expect(screen.getByText('@ada')).toBeInTheDocument()
    expect(screen.getByText('No bio added yet.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add Bio' })).toBeInTheDocument()
    expect(screen.getByPlaceholderText('Search users by name...')).toBeInTheDocument()
    const stats = await screen.findByRole('list', { name: 'Statistics' })
    for (const [label, value] of [
      ['Reviews', '3'],
      ['Books Read', '2'],
      ['Wishlist', '5'],
      ['Following', '4'],
      ['Followers', '6'],
    ]) {
      expect(within(stats).getByText(label!).parentElement).toHaveTextContent(`${value} ${label}`)
    }
    expect(within(stats).getByRole('link', { name: /Followers/ })).toHaveAttribute('href', `/user/${me._id}/followers`)
    // The Following tile opens the Following tab.
    expect(within(stats).getByRole('link', { name: /Following/ })).toHaveAttribute('href', `/user/${me._id}/followers?tab=following`)
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse Books' })).toHaveAttribute('href', '/browse')
    expect(screen.getByRole('link', { name: /Add Book/ })).toHaveAttribute('href', '/add-book')
  })

  it('every stat tile is a link to what it counts, named for where it goes; Books Read opens the Recently Read list (issue 22, point 13)', async () => {
    api()
    renderApp('/profile')
    const stats = await screen.findByRole('list', { name: 'Statistics' })
    expect(tileLinks(stats)).toEqual([
      ['3 Reviews: see your reviews', '/profile?tab=reviews#profile-sections'],
      ['2 Books Read: see your Recently Read list', '/profile?shelf=recently-read#profile-sections'],
      ['5 Wishlist: see your wishlist', '/profile?shelf=wishlist#profile-sections'],
      ['4 Following: see who you follow', `/user/${me._id}/followers?tab=following`],
      ['6 Followers: see your followers', `/user/${me._id}/followers`],
    ])
    // Books Read is not the library's Read count (decision 0039): the tiles say what it counts.
    expect(stats).toHaveAccessibleDescription('Books Read counts each book on your Recently Read list once, whatever its status now.')
    await followTile(stats, scrollIntoView, '2 Books Read: see your Recently Read list', 'Recently Read', 'Your Recently Read List is empty.')
    fireEvent.click(within(stats).getByRole('link', { name: '3 Reviews: see your reviews' }))
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true'))
    // Chosen by hand after a tile: the tab the reader picks wins.
    fireEvent.click(screen.getByRole('tab', { name: 'Books' }))
    expect(screen.getByRole('tab', { name: 'Books' })).toHaveAttribute('aria-selected', 'true')
  })

  it('tells the reader when the moderators hid their bio and image, still showing them their bio', async () => {
    ownProfileApi({ [`GET /users/${me._id}/stats`]: { body: buildStats() } }, { ...me, bio: 'My bio', removedByModerators: true })
    renderApp('/profile')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The moderators hid your bio and profile image: other readers see “removed by the moderators” instead.',
    )
    expect(screen.getByText('My bio')).toBeInTheDocument()
  })

  it('shows each book list’s empty message', async () => {
    api()
    renderApp('/profile')
    for (const [tab, text] of [
      ['Recently Read', 'Your Recently Read List is empty.'],
      ['Listed', 'Your Listed Book List is empty.'],
      ['Created', 'Your Created Book List is empty.'],
    ]) {
      fireEvent.click(await screen.findByRole('tab', { name: tab }))
      expect(await screen.findByText(text!)).toBeInTheDocument()
    }
  })

  it('lists books with View Details, and reviews with rating and date', async () => {
    const book = buildBook({ title: 'Persuasion' })
    api({
      'GET /users/wishlist': { body: [book] },
      [`GET /users/reviews/${me._id}`]: {
        body: [
          buildReview({
            rating: 4,
            comment: 'Lovely.',
            createdAt: '2024-03-09T12:00:00.000Z',
            book: { _id: book._id, title: 'Persuasion', author: 'Jane Austen', coverImage: '' },
          }),
        ],
      },
    })
    renderApp('/profile')
    expect(await screen.findByRole('heading', { name: 'Persuasion' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', `/books/${book._id}`)
    fireEvent.click(screen.getByRole('tab', { name: 'Reviews' }))
    expect(await screen.findByText('Rating: 4/5')).toBeInTheDocument()
    expect(screen.getByText('Reviewed on March 9, 2024')).toBeInTheDocument()
    expect(screen.getByText('by Jane Austen')).toBeInTheDocument()
  })

  it('shows the load errors', async () => {
    api({ [`GET /users/${me._id}/stats`]: serverError(), 'GET /users/wishlist': serverError() })
    renderApp('/profile')
    expect(await screen.findByText('Failed to load user statistics')).toBeInTheDocument()
    expect(await screen.findByText('Failed to load wishlist')).toBeInTheDocument()
  })

  it("shows 'Failed to load user data' when the profile fails", async () => {
    api({ [`GET /users/profile/${me._id}`]: serverError() })
    renderApp('/profile')
    expect(await screen.findByText('Failed to load user data')).toBeInTheDocument()
  })

  it('changes the username: empty is refused, success is announced', async () => {
    const { callsTo } = api({ 'PUT /users/profile/update': () => ({ body: { ...me, username: 'ada2' } }) })
    renderApp('/profile')
    await openMenuItem('Change Username')
    const dialog = await screen.findByRole('dialog', { name: 'Change Username' })
    fireEvent.change(within(dialog).getByLabelText('New Username'), { target: { value: '   ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Username cannot be empty')).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText('New Username'), { target: { value: ' ada2 ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Username updated successfully')).toBeInTheDocument()
    expect(callsTo('PUT /users/profile/update')[0]!.body).toEqual({ username: 'ada2' })
    expect(JSON.parse(localStorage.getItem('user')!).username).toBe('ada2')
  })

  it("says why the server refuses a username (taken, malformed), else 'Failed to update username'", async () => {
    let answer: FakeResponse = { status: 409, body: { message: 'Username is already taken', code: 'conflict' } }
    api({ 'PUT /users/profile/update': () => answer })
    renderApp('/profile')
    await openMenuItem('Change Username')
    const dialog = await screen.findByRole('dialog', { name: 'Change Username' })
    const save = (name: string) => {
      fireEvent.change(within(dialog).getByLabelText('New Username'), { target: { value: name } })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    }
    save('taken')
    expect(await within(dialog).findByText('Username is already taken')).toBeInTheDocument()
    answer = { status: 400, body: { message: 'Username may contain only letters, digits, ".", "_" and "-"', code: 'validation_failed' } }
    save('semi;colon')
    expect(await within(dialog).findByText('Username may contain only letters, digits, ".", "_" and "-"')).toBeInTheDocument()
    answer = failWithoutMessage
    save('anything')
    expect(await within(dialog).findByText('Failed to update username')).toBeInTheDocument()
  })

  it('changes the password with the three checks, and stores the fresh token', async () => {
    const fresh = makeToken(7200)
    let answer: FakeResponse = { status: 400, body: { message: 'Current password is incorrect', code: 'bad_request' } }
    api({ 'PUT /users/password': () => answer })
    renderApp('/profile')
    await openMenuItem('Change Password')
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' })
    const set = (label: string, v: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value: v } })
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Update Password' }))
    submit()
    expect(await within(dialog).findByText('All fields are required')).toBeInTheDocument()
    set('Current Password', 'old-secret')
    set('New Password', 'abcdef')
    set('Confirm New Password', 'abcdeg')
    submit()
    expect(await within(dialog).findByText('New passwords do not match')).toBeInTheDocument()
    set('New Password', 'abc')
    set('Confirm New Password', 'abc')
    submit()
    expect(await within(dialog).findByText('Password must be at least 6 characters long')).toBeInTheDocument()
    set('New Password', 'abcdef')
    set('Confirm New Password', 'abcdef')
    submit()
    expect(await within(dialog).findByText('Current password is incorrect')).toBeInTheDocument()
    answer = { status: 500, body: {} }
    submit()
    expect(await within(dialog).findByText('Failed to update password. Please check your current password.')).toBeInTheDocument()
    answer = { body: { message: 'Password updated successfully', token: fresh } }
    submit()
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument()
    expect(localStorage.getItem('token')).toBe(fresh)
  })

  it('logs out from the Edit Profile menu and goes to /login', async () => {
    api({ 'POST /auth/logout': { status: 204 } })
    const { router } = renderApp('/profile')
    await openMenuItem('Logout')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('adds a bio', async () => {
    let current = me
    api({
      [`GET /users/profile/${me._id}`]: () => ({ body: current }),
      'PUT /users/profile/update': () => {
        current = { ...me, bio: 'I read at night.' }
        return { body: current }
      },
    })
    renderApp('/profile')
    fireEvent.click(await screen.findByRole('button', { name: 'Add Bio' }))
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'I read at night.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save Bio' }))
    // (Wait for the editor to close: MUI's multiline field keeps a hidden copy of the text.)
    expect(await screen.findByRole('button', { name: 'Edit Bio' }, { timeout: 3000 })).toBeInTheDocument()
    expect(screen.getByText('I read at night.', { selector: 'p' })).toBeInTheDocument()
  })
})

describe('Profile image upload', () => {
  const chooseFile = async () => {
    await screen.findByRole('heading', { name: 'Ada Lovelace' })
    const input = screen.getByLabelText('Profile image file')
    fireEvent.change(input, { target: { files: [new File(['x'], 'me.png', { type: 'image/png' })] } })
    expect(await screen.findByRole('img', { name: 'Preview of your new profile picture' })).toBeInTheDocument()
  }

  it("uploads, saves the image and says 'Profile image updated successfully'", async () => {
    const { callsTo } = api({
      'POST /upload': { status: 201, body: { imageUrl: '/uploads/a.webp' } },
      'PUT /users/profile/update': { body: { ...me, profileImage: '/uploads/a.webp' } },
    })
    renderApp('/profile')
    await chooseFile()
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }))
    expect(await screen.findByText('Profile image updated successfully')).toBeInTheDocument()
    expect(callsTo('POST /upload')[0]!.body).toBeInstanceOf(FormData)
    expect(callsTo('PUT /users/profile/update')[0]!.body).toEqual({ profileImage: '/uploads/a.webp' })
    expect(screen.queryByRole('img', { name: 'Preview of your new profile picture' })).not.toBeInTheDocument()
  })

  it("shows 'Uploading...' while sending, and Cancel drops the preview", async () => {
    api({ 'POST /upload': { pending: true } })
    renderApp('/profile')
    await chooseFile()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('img', { name: 'Preview of your new profile picture' })).not.toBeInTheDocument()
    await chooseFile()
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }))
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled()
  })

  it("says 'No image URL returned from server', the server's reason, else 'Failed to upload profile image'", async () => {
    let answer: FakeResponse = { status: 201, body: {} }
    api({ 'POST /upload': () => answer })
    renderApp('/profile')
    await chooseFile()
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }))
    expect(await screen.findByText('No image URL returned from server')).toBeInTheDocument()
    answer = { status: 400, body: { message: 'Only image files are allowed', code: 'bad_request' } }
    await chooseFile()
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }))
    expect(await screen.findByText('Only image files are allowed')).toBeInTheDocument()
    answer = { status: 413, body: { message: 'The image is too large: at most 5 MB', code: 'payload_too_large' } }
    await chooseFile()
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }))
    expect(await screen.findByText('The image is too large: at most 5 MB')).toBeInTheDocument()
    answer = failWithoutMessage
    await chooseFile()
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }))
    expect(await screen.findByText('Failed to upload profile image')).toBeInTheDocument()
  })

  it('refuses a file over 5 MB or one that is not an image at once, in words, without sending it', async () => {
    const { callsTo } = api({ 'POST /upload': { status: 201, body: { imageUrl: '/uploads/a.webp' } } })
    renderApp('/profile')
    await screen.findByRole('heading', { name: 'Ada Lovelace' })
    const input = screen.getByLabelText('Profile image file')
    const big = new File(['x'], 'huge.png', { type: 'image/png' })
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 })
    fireEvent.change(input, { target: { files: [big] } })
    expect(await screen.findByText('The image is too large: at most 5 MB')).toBeInTheDocument()
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] } })
    expect(await screen.findByText('Only image files are allowed')).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: 'Preview of your new profile picture' })).not.toBeInTheDocument()
    expect(callsTo('POST /upload')).toHaveLength(0)
  })
})

describe('Own profile: long lists reach their end', () => {
  const books = Array.from({ length: 30 }, (_, i) => buildBook({ title: `Paged Book ${i + 1}` }))
  const reviews = Array.from({ length: 30 }, (_, i) => buildReview({ comment: `Paged review ${i + 1}` }))

  it.each([
    ['Wishlist', 'GET /users/wishlist'],
    ['Recently Read', `GET /users/recently-read/${me._id}`],
    ['Listed', `GET /users/listed-books/${me._id}`],
    ['Created', `GET /users/created-books/${me._id}`],
  ])('%s: a page at a time with its count, "Load More" to the last book', async (tab, key) => {
    const { callsTo } = api({ [key]: pagedAnswer(books) })
    renderApp('/profile')
    fireEvent.click(await screen.findByRole('tab', { name: tab }))
    expect(await screen.findByText('Showing 24 of 30')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Paged Book 25' })).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Load more books' }))
    expect(await screen.findByRole('heading', { name: 'Paged Book 30' })).toBeInTheDocument()
    expect(screen.getByText('Showing 30 of 30')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument()
    expect(callsTo(key).map((c) => c.query.get('cursor'))).toEqual([null, '24'])
  })

  it('Reviews: a page at a time with its count, "Load More" to the last review', async () => {
    api({ [`GET /users/reviews/${me._id}`]: pagedAnswer(reviews) })
    renderApp('/profile')
    fireEvent.click(await screen.findByRole('tab', { name: 'Reviews' }))
    expect(await screen.findByText('Showing 24 of 30')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Load more reviews' }))
    expect(await screen.findByText('Paged review 30')).toBeInTheDocument()
    expect(screen.getByText('Showing 30 of 30')).toBeInTheDocument()
  })

  it('a next page that fails says so and keeps "Load More" to try again', async () => {
    let failNext = true
    const answer = pagedAnswer(books)
    api({ 'GET /users/wishlist': (req) => (req.query.get('cursor') && failNext ? serverError() : answer(req)) })
    renderApp('/profile')
    expect(await screen.findByText('Showing 24 of 30')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Load more books' }))
    expect(await screen.findByText('Failed to load wishlist')).toBeInTheDocument()
    failNext = false
    fireEvent.click(screen.getByRole('button', { name: 'Load more books' }))
    expect(await screen.findByRole('heading', { name: 'Paged Book 30' })).toBeInTheDocument()
    expect(screen.queryByText('Failed to load wishlist')).not.toBeInTheDocument()
  })

  it("names the tab 'Profile — Shelfwise'", async () => {
    api()
    renderApp('/profile')
    await screen.findByRole('heading', { name: 'Ada Lovelace' })
    expect(document.title).toBe('Profile — Shelfwise')
  })
})
