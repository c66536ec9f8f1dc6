import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode, type Ref } from 'react'

type Props = Record<string, unknown> & { children?: ReactNode }
type Handler = (...args: unknown[]) => void

/**
 * `asChild`: renders the one child element with the part's props merged into its own, as Radix's
 * Slot does (the child's handlers run first, classes are joined, styles merged, refs both set).
 * Written out because Radix's Slot was a kilobyte of every page's first load (decision 036).
 */
export function Slot({ children, ...slotProps }: Props) {
  const child = Children.only(children)
  if (!isValidElement(child)) return null
  const element = child as ReactElement<Props & { ref?: Ref<unknown> }>
  const own = element.props
  const merged: Props = { ...slotProps, ...own }
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const ownValue = own[name]
    if (/^on[A-Z]/.test(name) && typeof slotValue === 'function' && typeof ownValue === 'function') {
      merged[name] = (...args: unknown[]) => {
        ;(ownValue as Handler)(...args)
        ;(slotValue as Handler)(...args)
      }
    } else if (name === 'className' && ownValue) {
      merged.className = [slotValue, ownValue].filter(Boolean).join(' ')
    } else if (name === 'style' && ownValue) {
      merged.style = { ...(slotValue as object), ...(ownValue as object) }
    } else if (name === 'ref' && ownValue) {
      merged.ref = composeRefs(slotValue as Ref<unknown>, ownValue as Ref<unknown>)
    }
  }
  return cloneElement(element, merged)
}

function composeRefs(...refs: Ref<unknown>[]) {
  return (node: unknown) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node)
      else if (ref) (ref as { current: unknown }).current = node
    }
  }
}
