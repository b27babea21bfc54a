import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

beforeEach(() => {
  localStorage.clear()
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  localStorage.clear()
})

// jsdom lacks these; the app degrades without them, but URL.createObjectURL is needed for image previews.
if (!URL.createObjectURL) URL.createObjectURL = () => 'blob:preview'
if (!URL.revokeObjectURL) URL.revokeObjectURL = () => undefined
window.scrollTo = (() => undefined) as typeof window.scrollTo
