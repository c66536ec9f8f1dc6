import type * as React from 'react'
import { cn } from '#app/utils/misc.ts'

/**
 * A form label. Like Radix's Label, which it replaces (1.7 KB of a form page's first load with the
 * Radix parts it pulled in, decision 036), a double click on it does not select its text.
 */
export function Label({ className, onMouseDown, ...props }: React.ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers give htmlFor or wrap the control
    <label
      data-slot="label"
      className={cn(
        'flex select-none items-center gap-2 font-medium text-sm leading-none group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
        className,
      )}
      onMouseDown={(event) => {
        onMouseDown?.(event)
        // Radix's rule: a click on a control inside the label behaves as usual.
        if ((event.target as HTMLElement).closest('button, input, select, textarea')) return
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault()
      }}
      {...props}
    />
  )
}
