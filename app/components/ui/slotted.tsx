import type * as React from 'react'
import { cn } from '#app/utils/misc.ts'

/**
 * A part of this kit that is only `Component` with its `data-slot` (styles and tests find a part
 * by it) and its own classes, to which a caller's `className` adds. A part with props or markup of
 * its own is written out.
 * @example export const CardContent = slotted('div', 'card-content', 'px-6')
 *
 * Marked free of side effects so that the bundler drops a part no page uses (and the Radix
 * primitive behind it) as it drops an unused function.
 */
export /* @__NO_SIDE_EFFECTS__ */ function slotted<Component extends React.ElementType>(
  component: Component,
  slot: string,
  classes?: string,
) {
  const Element: React.ElementType = component
  // biome-ignore lint/correctness/noComponentHookFactories: called once per part, at module level, so each part is one component
  return function Slotted(props: React.ComponentProps<Component> & { className?: string }) {
    const { className, ...rest } = props
    return <Element data-slot={slot} className={classes ? cn(classes, className) : className} {...rest} />
  }
}
