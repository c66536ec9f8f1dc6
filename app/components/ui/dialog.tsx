import { XIcon } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import type * as React from 'react'
import { cn } from '#app/utils/misc.ts'
import { slotted } from './slotted.tsx'

export const Dialog = slotted(DialogPrimitive.Root, 'dialog')
export const DialogTrigger = slotted(DialogPrimitive.Trigger, 'dialog-trigger')
export const DialogPortal = slotted(DialogPrimitive.Portal, 'dialog-portal')
export const DialogClose = slotted(DialogPrimitive.Close, 'dialog-close')
export const DialogOverlay = slotted(DialogPrimitive.Overlay, 'dialog-overlay', 'fixed inset-0 z-50 bg-black/50')

export function DialogContent({
  className,
  children,
  showCloseButton = true,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & {
  showCloseButton?: boolean
}) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          'fixed top-[50%] left-[50%] z-50 grid max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] translate-x-[-50%] translate-y-[-50%] gap-4 overflow-y-auto rounded-lg border bg-background p-6 text-foreground shadow-lg outline-none sm:max-w-lg',
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close
            data-slot="dialog-close"
            className="absolute top-4 right-4 rounded-xs opacity-70 transition-opacity hover:opacity-100 focus:outline-hidden focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none data-[state=open]:bg-accent data-[state=open]:text-muted-foreground [&_svg:not([class*='size-'])]:size-4 [&_svg]:pointer-events-none [&_svg]:shrink-0"
          >
            <XIcon aria-hidden="true" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPortal>
  )
}

export const DialogHeader = slotted('div', 'dialog-header', 'flex flex-col gap-2 text-center sm:text-left')
export const DialogFooter = slotted('div', 'dialog-footer', 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end')
export const DialogTitle = slotted(DialogPrimitive.Title, 'dialog-title', 'font-semibold text-lg leading-none')
export const DialogDescription = slotted(
  DialogPrimitive.Description,
  'dialog-description',
  'text-muted-foreground text-sm',
)
