import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

// A screen's first render loads its lazy route chunk; on a busy 2-core machine that can take more than
// Testing Library's default 1 s, so findBy/waitFor wait up to 5 s (they still return as soon as it shows).
configure({ asyncUtilTimeout: 5000 })

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  localStorage.clear()
  sessionStorage.clear()
})

// jsdom lacks these; the app degrades without them, but URL.createObjectURL is needed for image previews.
if (!URL.createObjectURL) URL.createObjectURL = () => 'blob:preview'
if (!URL.revokeObjectURL) URL.revokeObjectURL = () => undefined
window.scrollTo = (() => undefined) as typeof window.scrollTo
Element.prototype.scrollIntoView ??= () => undefined
