import { afterEach, vi } from 'vitest'

process.env.NODE_ENV = 'test'

// An unexpected console.error fails the test that caused it (as in Epic Stack's setup).
const originalError = console.error
afterEach(() => {
  vi.restoreAllMocks()
})
console.error = (...args: unknown[]) => {
  originalError(...args)
  throw new Error(`console.error was called: ${args.map(String).join(' ').slice(0, 500)}`)
}
