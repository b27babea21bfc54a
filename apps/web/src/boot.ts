// The boot script: the one script index.html loads, about a kilobyte, an entry of its own
// (docs/decisions/0007-web-first-load.md). For the address it (1) draws the app's first view from
// the shell file index.html preloads — the frame, and for a shell screen that screen as it looks
// before its data arrives, rendered at build time by the app's own components — so the page shows
// its top bar and heading before any framework code has arrived; then (2) starts the API requests
// the screen makes on its first render, which the app takes over (src/lib/api-client.ts) instead of
// asking again once its code has loaded, and (3) loads the app's entry and preloads the screen's
// chunks, as listed in index.html. It imports nothing the app's entry imports.
import { BOOK_TITLE_VIEW, EARLY_ANSWERS_GLOBAL, SHELL_ROUTES, type ShellRoute } from '#/shell/routes.ts'
import { bookDetailView, type BookAnswer } from '#/shell/book-view.ts'
import type { EarlyAnswer } from '#/lib/early-answers.ts'

/** The bearer token the app sends (src/lib/session.ts: a token and a stored user with an id), else null. */
function sessionToken(): string | null {
  try {
    const token = localStorage.getItem('token')
    const user = JSON.parse(localStorage.getItem('user') ?? 'null') as { _id?: unknown; id?: unknown } | null
    return token && user && (typeof user._id === 'string' || typeof user.id === 'string') ? token : null
  } catch {
    // Storage blocked or unreadable: as the app, a signed-out visit.
    return null
  }
}

function requestData(route: ShellRoute, path: string): EarlyAnswer[] {
  // Should this differ from the app's token in some corner, the app does not take the answer (lib/early-answers.ts).
  const token = sessionToken()
  const headers: Record<string, string> = token ? { Accept: 'application/json', Authorization: `Bearer ${token}` } : { Accept: 'application/json' }
  const answers = ((globalThis as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL] ??= new Map()) as Map<string, EarlyAnswer>
  return route.data(path).map((url) => {
    const response = fetch(url, { headers })
    // A failed early request is asked again by the app; it must not be reported as unhandled.
    response.catch(() => undefined)
    const answer = { token, response, at: performance.now() }
    answers.set(url, answer)
    return answer
  })
}

/**
 * A book's page: when the book's answer comes before the app's code, the page as the app will first
 * draw it (for a signed-out visitor, down to the description: its largest text shows at once), else
 * its title takes the spinner's place (the view the build drew for it), where the app draws it again.
 */
function drawBook(shell: Shell, book: EarlyAnswer | undefined) {
  book?.response
    .then((res) => (res.ok ? (res.clone().json() as Promise<BookAnswer>) : undefined))
    .then((json) => {
      // Only over the shell, never over what the app has drawn.
      if (!json || typeof json.title !== 'string' || !shell.first.isConnected) return
      const detail = book.token ? undefined : bookDetailView(shell.doc.content, json)
      if (detail) return shell.root.replaceChildren(inertCopy(detail))
      const view = shell.doc.content.querySelector<HTMLTemplateElement>(`template[data-shell="${BOOK_TITLE_VIEW}"]`)?.content.cloneNode(true) as
        DocumentFragment | undefined
      const title = view?.querySelector('h1')
      if (!view || !title) return
      title.textContent = json.title
      shell.root.replaceChildren(inertCopy(view))
    })
    .catch(() => undefined)
}

/**
 * The shell as it shows: a picture of the page until the app draws it. Its links and fields do
 * nothing yet, so it takes no input (inert) and is not announced (aria-hidden): assistive technology,
 * like a pointer or keyboard, meets the page once it works, with nothing typed into it lost.
 */
function inertCopy(view: DocumentFragment): HTMLElement {
  const holder = document.createElement('div')
  holder.inert = true
  holder.setAttribute('aria-hidden', 'true')
  holder.append(view)
  return holder
}

interface Shell {
  doc: HTMLTemplateElement
  root: HTMLElement
  /** The first node drawn: gone once the app has drawn the page. */
  first: Element
}

/** index.html's list: the app's entry first, then what it imports, and each shell screen's chunks. */
interface LoadPlan {
  entry: string[]
  screens: Record<string, string[]>
}

/** Draws the first view; resolves once it is on screen (at once, with nothing, when there is none). */
async function drawShell(route: ShellRoute | undefined): Promise<Shell | undefined> {
  const href = document.querySelector<HTMLLinkElement>('#shelfwise-shell')?.href
  const root = document.getElementById('root')
  // The shell is drawn in the light scheme: in the dark one (index.html's first script) the page
  // stays its dark background until the app draws, never a light frame first.
  if (!href || !root || document.documentElement.getAttribute('data-theme') === 'dark') return
  const res = await fetch(href)
  const doc = document.createElement('template')
  doc.innerHTML = res.ok ? await res.text() : ''
  const view = doc.content.querySelector<HTMLTemplateElement>(`template[data-shell="${route?.id ?? 'frame'}"]`)
  // Only into an empty root: never over anything the app has drawn already.
  if (!view || root.firstChild) return
  // The globals' and the frame's rules, and this screen's own (the others' would only be matched in vain).
  const rules = route ? `style:not([data-shell-rules]), style[data-shell-rules="${route.id}"]` : 'style:not([data-shell-rules])'
  document.head.append(...doc.content.querySelectorAll(rules))
  root.append(inertCopy(view.content))
  // Resolves after the frame that shows it (the next animation frame's task); a hidden tab draws no
  // frames, so at the latest after 100 ms.
  await new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve))
    setTimeout(resolve, 100)
  })
  return { doc, root, first: root.firstElementChild! }
}

const path = location.pathname
const route = SHELL_ROUTES.find((r) => r.pattern.test(path))
// The first view comes first: on a slow link the app's code (≈150 KB) and the screen's data would
// otherwise share the line with it. Without a shell (not built, not arrived) the app loads at once.
// A shell that takes more than 3 s (a stalled request) stops holding the app back.
void Promise.race([drawShell(route), new Promise<undefined>((resolve) => setTimeout(resolve, 3000))])
  .catch(() => undefined)
  .then((shell) => {
    const answers = route ? requestData(route, path) : []
    if (shell && route?.id === 'book') drawBook(shell, answers[0])
    let plan: LoadPlan = { entry: [], screens: {} }
    try {
      plan = JSON.parse(document.getElementById('shelfwise-load')!.textContent!) as LoadPlan
    } catch {
      // No plan: nothing to load (a build without the shell plugin has its own script tag).
    }
    const add = (src: string, i: number) => {
      // The entry runs; the rest is preloaded, to run when the entry (or the screen) imports it.
      const el = Object.assign(document.createElement(i ? 'link' : 'script'), i ? { rel: 'modulepreload', href: src } : { type: 'module', src })
      el.crossOrigin = ''
      document.head.append(el)
    }
    plan.entry.forEach(add)
    // The screen's chunks in a task of their own: a couple of dozen requests to start.
    setTimeout(() => (route ? (plan.screens[route.id] ?? []) : []).forEach((src) => add(src, 1)))
  })
