import { useEffect } from 'react'
import { Toaster as Sonner, toast } from 'sonner'
import { type ToastMessage, toasterMounted } from './toaster.tsx'

// The toast library itself, loaded after the first paint (toaster.tsx): no page needs it to show.

function present({ title, description, variant = 'default' }: ToastMessage) {
  // One toast at a time: a new toast replaces the one on screen.
  toast.dismiss()
  const options = description === undefined ? undefined : { description }
  if (variant === 'destructive') toast.error(title, options)
  else if (variant === 'success') toast.success(title, options)
  else toast(title, options)
}

export default function SonnerToaster() {
  // Sonner's own toaster (a child) listens from its effect, which runs before this one.
  useEffect(() => toasterMounted(present), [])
  return (
    <Sonner
      theme="light"
      position="bottom-right"
      visibleToasts={1}
      duration={5000}
      hotkey={['F8']}
      swipeDirections={['right']}
      richColors={false}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
        } as React.CSSProperties
      }
      toastOptions={{
        classNames: {
          description: 'text-muted-foreground!',
          error:
            'border-destructive! bg-destructive! text-destructive-foreground! [&_[data-description]]:text-destructive-foreground!',
        },
      }}
    />
  )
}
