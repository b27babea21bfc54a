import { describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createBrowserRouter, createMemoryRouter, matchRoutes, type RouteObject } from '#/lib/router/router.ts'
import { Link, Navigate, NavLink, Outlet, RouterProvider, ScrollRestoration, useBlocker, useLocation, useNavigation, useParams } from '#/lib/router/react.tsx'
import { paths } from '#/config/paths.ts'
import { routes as appRoutes } from '#/app/router.tsx'

function Layout() {
  const navigation = useNavigation()
  return (
    <>
      <nav aria-label="Main">
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/books">Books</NavLink>
        <Link to="/books/7?x=1#top" state={{ from: 'layout' }}>
          Seven
        </Link>
      </nav>
      {navigation.state === 'loading' && <p>Loading page</p>}
      <main>
        <Outlet />
      </main>
      <ScrollRestoration />
    </>
  )
}

function Book() {
  const { id } = useParams()
  const { search, hash, state } = useLocation()
  return <h1>{`Book ${id}${search}${hash} ${JSON.stringify(state)}`}</h1>
}

const page = (name: string) =>
  function Page() {
    return <h1>{name}</h1>
  }

const testRoutes = (extra: RouteObject[] = []): RouteObject[] => [
  {
    path: '/',
    Component: Layout,
    children: [
      { index: true, Component: page('Home') },
      { path: 'books', Component: page('Books') },
      { path: 'books/:id', Component: Book },
      ...extra,
      { path: '*', Component: page('Not found') },
    ],
  },
]

describe('matching the app’s paths', () => {
  const leaf = (pathname: string) => {
    const found = matchRoutes(appRoutes, pathname)
    return { route: found?.routes.at(-1), params: found?.params }
  }
  const children = appRoutes[0]!.children!

  it('finds each screen by its pattern, with decoded params, an optional year, and * for the rest', () => {
    expect(leaf('/').route).toBe(children.find((r) => r.index))
    expect(leaf('/books/abc').params).toEqual({ id: 'abc' })
    expect(leaf('/books/abc/edit').route?.path).toBe(paths.editBook.pattern)
    expect(leaf('/author/Bram%20Stoker').params).toEqual({ name: 'Bram Stoker' })
    expect(leaf('/user/u1/stats').params).toEqual({ userId: 'u1', year: undefined })
    expect(leaf('/user/u1/stats/2024').params).toEqual({ userId: 'u1', year: '2024' })
    // Case and a trailing slash do not matter, as they did not with React Router.
    expect(leaf('/Browse/').route?.path).toBe(paths.browse.pattern)
    expect(leaf('/no/such/page')).toEqual({ route: children.at(-1), params: { '*': 'no/such/page' } })
    expect(leaf('/books/abc/edit/more').route?.path).toBe('*')
  })

  it('prefers the most specific route wherever it is listed', () => {
    const found = matchRoutes(
      testRoutes([
        { path: '*', Component: page('early splat') },
        { path: 'books/new', Component: page('New') },
      ]),
      '/books/new',
    )
    expect(found?.routes.at(-1)?.path).toBe('books/new')
  })
})

describe('the router', () => {
  it('draws the nested routes, follows links with their state, and marks the active NavLink', async () => {
    const router = createMemoryRouter(testRoutes())
    render(<RouterProvider router={router} />)
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Home' })).toHaveClass('active')
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Seven' })).toHaveAttribute('href', '/books/7?x=1#top')
    fireEvent.click(screen.getByRole('link', { name: 'Seven' }))
    expect(await screen.findByRole('heading', { name: 'Book 7?x=1#top {"from":"layout"}' })).toBeInTheDocument()
    expect(router.state.historyAction).toBe('PUSH')
    // /books/7 is under /books: Books is active too; Home ends at '/'.
    expect(screen.getByRole('link', { name: 'Books' })).toHaveClass('active')
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveClass('active')
    await act(() => router.navigate(-1))
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(router.state.historyAction).toBe('POP')
  })

  it('leaves modifier clicks, other buttons and other windows to the browser', () => {
    const router = createMemoryRouter(testRoutes())
    render(<RouterProvider router={router} />)
    const seven = screen.getByRole('link', { name: 'Seven' })
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) fireEvent.click(seven, init)
    expect(router.state.location.pathname).toBe('/')
    render(
      <RouterProvider
        router={createMemoryRouter([
          {
            path: '/',
            Component: () => (
              <Link to="/x" target="_blank">
                New tab
              </Link>
            ),
          },
        ])}
      />,
    )
    const click = new MouseEvent('click', { bubbles: true, cancelable: true })
    screen.getByRole('link', { name: 'New tab' }).dispatchEvent(click)
    expect(click.defaultPrevented).toBe(false)
  })

  it('keeps the current screen while the next one’s code loads, with a loading state, then draws it', async () => {
    let loaded!: () => void
    const lazy = vi.fn(() => new Promise<{ Component: () => ReactNode }>((resolve) => (loaded = () => resolve({ Component: page('Lazy screen') }))))
    const router = createMemoryRouter(testRoutes([{ path: 'lazy', lazy }]))
    render(<RouterProvider router={router} />)
    act(() => void router.navigate('/lazy'))
    expect(await screen.findByText('Loading page')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    await act(async () => loaded())
    expect(await screen.findByRole('heading', { name: 'Lazy screen' })).toBeInTheDocument()
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument()
    // Loaded once: the next visit draws it at once.
    act(() => void router.navigate('/'))
    act(() => void router.navigate('/lazy'))
    expect(screen.getByRole('heading', { name: 'Lazy screen' })).toBeInTheDocument()
    expect(lazy).toHaveBeenCalledTimes(1)
  })

  it("shows 'Unexpected Application Error!' when a screen's code fails to load or it throws, until the address changes", async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const Boom = () => {
      throw new Error('boom')
    }
    const router = createMemoryRouter(
      testRoutes([
        { path: 'gone', lazy: () => Promise.reject(new Error('Failed to fetch dynamically imported module')) },
        { path: 'boom', Component: Boom },
      ]),
    )
    render(<RouterProvider router={router} />)
    await act(() => router.navigate('/gone'))
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Failed to fetch dynamically imported module' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/gone')
    await act(() => router.navigate('/books'))
    expect(screen.getByRole('heading', { name: 'Books' })).toBeInTheDocument()
    await act(() => router.navigate('/boom'))
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'boom' })).toBeInTheDocument()
    spy.mockRestore()
  })

  it('Navigate replaces the entry', async () => {
    const router = createMemoryRouter(testRoutes([{ path: 'old', Component: () => <Navigate to="/books" replace state={{ why: 'moved' }} /> }]), {
      initialEntries: ['/', '/old'],
    })
    render(<RouterProvider router={router} />)
    expect(await screen.findByRole('heading', { name: 'Books' })).toBeInTheDocument()
    expect(router.state.location.state).toEqual({ why: 'moved' })
    await act(() => router.navigate(-1))
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument()
  })
})

function Guarded() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname)
  if (blocker.state !== 'blocked') return <h1>Form</h1>
  return (
    <div role="dialog" aria-label={`Leave for ${blocker.location.pathname}?`}>
      <button onClick={blocker.reset}>Stay</button>
      <button onClick={blocker.proceed}>Leave</button>
    </div>
  )
}

describe('a blocker', () => {
  it('holds a link until Leave; Stay keeps the page', async () => {
    const router = createMemoryRouter(testRoutes([{ path: 'form', Component: Guarded }]), { initialEntries: ['/form'] })
    render(<RouterProvider router={router} />)
    fireEvent.click(screen.getByRole('link', { name: 'Books' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Stay' }))
    expect(screen.getByRole('heading', { name: 'Form' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/form')
    fireEvent.click(screen.getByRole('link', { name: 'Books' }))
    expect(screen.getByRole('dialog', { name: 'Leave for /books?' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }))
    expect(await screen.findByRole('heading', { name: 'Books' })).toBeInTheDocument()
  })

  it('holds Back, puts the entry back, and goes back once let through', async () => {
    const router = createMemoryRouter(testRoutes([{ path: 'form', Component: Guarded }]), { initialEntries: ['/books', '/form'] })
    render(<RouterProvider router={router} />)
    await act(() => router.navigate(-1))
    expect(screen.getByRole('dialog', { name: 'Leave for /books?' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/form')
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }))
    expect(await screen.findByRole('heading', { name: 'Books' })).toBeInTheDocument()
    expect(router.state.historyAction).toBe('POP')
  })
})

describe('the browser router', () => {
  it('follows Back and Forward, and puts each entry’s scroll offset back', async () => {
    window.history.replaceState(null, '', '/')
    let y = 0
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y)
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, top: number) => {
      y = top
      // As Chromium does: the scroll methods answer a promise.
      return Promise.resolve()
    }) as unknown as typeof window.scrollTo)
    const router = createBrowserRouter(testRoutes())
    render(<RouterProvider router={router} />)
    expect(window.history.scrollRestoration).toBe('manual')
    y = 640
    fireEvent.click(screen.getByRole('link', { name: 'Books' }))
    expect(await screen.findByRole('heading', { name: 'Books' })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/books')
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0)
    act(() => window.history.back())
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640)
    act(() => window.history.forward())
    expect(await screen.findByRole('heading', { name: 'Books' })).toBeInTheDocument()
    await waitFor(() => expect(window.location.pathname).toBe('/books'))
    window.history.replaceState(null, '', '/')
  })
})
