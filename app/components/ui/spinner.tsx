import { Loader2Icon } from 'lucide-react'
import type * as React from 'react'
import { cn } from '#app/utils/misc.ts'

export function Spinner({ className, ...props }: React.ComponentProps<'svg'>) {
  return (
    <Loader2Icon
      role="status"
      aria-label="Loading"
      data-slot="spinner"
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  )
}
