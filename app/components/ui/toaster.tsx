import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react'

// Toasts are raised from anywhere (showToast); the toast library (sonner-toaster.tsx) is not part
// of any page's first load. It loads when the browser is idle after the page has loaded, or at
// the first toast if that comes sooner; a toast raised before it is there waits and is shown as
// soon as it is. Until then the notification region is an empty stand-in with sonner's own
// name and live-region attributes, so nothing moves and F8 finds the same region.

export type ToastVariant = 'default' | 'destructive' | 'success'
export type ToastMessage = { title: ReactNode; description?: ReactNode; variant?: ToastVariant }

const SonnerToaster = lazy(() => import('./sonner-toaster.tsx'))

let present: ((message: ToastMessage) => void) | null = null
// Only the newest toast is ever on screen, so only the newest waiting one is kept.
let waiting: ToastMessage | null = null
let wanted = false
const listeners = new Set<() => void>()

function want() {
  if (wanted) return
  wanted = true
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Called by the loaded toaster once it listens: shows the toast that waited for it. */
export function toasterMounted(show: (message: ToastMessage) => void) {
  present = show
  if (waiting) show(waiting)
  waiting = null
  return () => {
    if (present === show) present = null
  }
}

export function showToast(message: ToastMessage) {
  if (present) return present(message)
  waiting = message
  want()
}

// Safari has no requestIdleCallback.
const stillIdle = (run: () => void) =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(run, { timeout: 4000 })
    : setTimeout(run, 1500)

function Standin() {
  return (
    <section
      aria-label="Notifications F8"
      tabIndex={-1}
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
    />
  )
}

export function Toaster() {
  const loading = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  )
  useEffect(() => {
    const start = () => stillIdle(want)
    if (document.readyState === 'complete') start()
    else window.addEventListener('load', start, { once: true })
    return () => window.removeEventListener('load', start)
  }, [])
  if (!loading) return <Standin />
  return (
    <Suspense fallback={<Standin />}>
      <SonnerToaster />
    </Suspense>
  )
}
