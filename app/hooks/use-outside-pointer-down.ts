import { type RefObject, useEffect, useRef } from 'react'

/**
 * Calls `onOutside` when a pointer goes down outside `ref`'s element while `active`: how an open
 * dropdown (the header's suggestions, a record picker's list) closes when the user clicks elsewhere.
 * @example useOutsidePointerDown(rootRef, open, () => setOpen(false))
 */
export function useOutsidePointerDown(ref: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void) {
  // The newest callback, without listening again on every render.
  const latest = useRef(onOutside)
  latest.current = onOutside
  useEffect(() => {
    if (!active) return
    const onPointerDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) latest.current()
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [active, ref])
}
