// What the build needs to know of each shell screen (src/shell/routes.ts): a location it draws the
// screen at, and the screen's module, whose chunk (and what that imports) the boot script preloads.
export const SHELL_SCREENS: Record<string, { sample: string; module: string }> = {
  home: { sample: '/', module: 'src/app/routes/home.tsx' },
  browse: { sample: '/browse', module: 'src/app/routes/browse.tsx' },
  book: { sample: '/books/shell', module: 'src/app/routes/book.tsx' },
}

/** The shell of any other location: the app's frame with an empty page. */
export const FRAME_SAMPLE = '/__shell'
