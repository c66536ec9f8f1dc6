import { type ComponentType, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'

const loadingOnServer: Promise<unknown>[] = []

/** Resolves once the server has the code of every deferred part; entry.server waits for it. */
export function deferredPartsLoaded() {
  return Promise.all(loadingOnServer)
}

// In the browser: one promise per deferred part on the page, settled once the part has hydrated
// (or left the page), so the page says it is interactive only when its deferred parts are too.
const hydratingInBrowser = new Set<Promise<void>>()

/**
 * Resolves once every deferred part rendered so far has hydrated: until then a click on one of
 * them is the browser's own (its form posts without JavaScript). Root waits for it before it marks
 * the page hydrated.
 */
export function deferredPartsHydrated() {
  return Promise.all(hydratingInBrowser).then(() => undefined)
}

/** Settles its part's promise when it mounts: inside the part's boundary, so only once that has hydrated. */
function Hydrated({ settle }: { settle: () => void }) {
  useEffect(settle, [settle])
  return null
}

function usePartHydration() {
  // Registered in an effect, never during render: a render React throws away (a hydration retry)
  // would leave a promise that no mounted part settles, and the page would never say hydrated.
  // A part's effects run before the root's, so the root sees every part of its first commit.
  const part = useRef<{ hydrated: boolean; settle?: () => void }>({ hydrated: false })
  useEffect(() => {
    const state = part.current
    if (state.hydrated) return
    const hydrated = new Promise<void>((resolve) => {
      state.settle = resolve
    })
    hydratingInBrowser.add(hydrated)
    // A part that leaves the page before it hydrated never holds the page back.
    return () => {
      state.settle?.()
      hydratingInBrowser.delete(hydrated)
    }
  }, [])
  return useCallback(() => {
    part.current.hydrated = true
    part.current.settle?.()
  }, [])
}

/**
 * A part whose code is not in the page's first load (decision 036): the server renders it at once
 * (entry.server waits for deferredPartsLoaded before its first render, so no boundary is streamed
 * later), and the browser keeps that HTML, which works without JavaScript, until the part's code
 * has come; React then hydrates it. Used for parts below the fold or shown to few visitors, never
 * for what the first paint depends on.
 */
export function deferred<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  { startInBrowser = false }: { startInBrowser?: boolean | (() => boolean) } = {},
) {
  let loaded: ComponentType<Props> | undefined
  const loading = () =>
    load().then((component) => {
      loaded = component
      return { default: component }
    })
  const Lazy = lazy(loading)
  // startInBrowser: a part that the server never renders (it shows only after hydration, as the
  // cart's lines do) is fetched as the page's code runs, beside hydration, not when first shown.
  // As a function it says whether this visit will show the part (a cart with lines): a part it
  // will not show costs no download and no evaluation beside hydration.
  if (import.meta.env.SSR) loadingOnServer.push(loading())
  else if (typeof startInBrowser === 'function' ? startInBrowser() : startInBrowser) void loading()
  // biome-ignore lint/correctness/noComponentHookFactories: called once per part, at module level, so each part is one component
  return function Deferred(props: Props) {
    // The loaded part when its code is here (always on the server, so a render never waits for
    // the import), else the lazy one; chosen once, since a switch would remount it and lose its state.
    const [Part] = useState(() => loaded ?? Lazy)
    const settle = usePartHydration()
    return (
      <Suspense fallback={null}>
        <Part {...props} />
        <Hydrated settle={settle} />
      </Suspense>
    )
  }
}
