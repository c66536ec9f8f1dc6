import type * as React from 'react'
import { Toaster as Sonner, type ToasterProps, toast } from 'sonner'

export type ToastVariant = 'default' | 'destructive' | 'success'

export function Toaster({ toastOptions, style, ...props }: ToasterProps) {
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
          ...style,
        } as React.CSSProperties
      }
      {...props}
      toastOptions={{
        ...toastOptions,
        classNames: {
          description: 'text-muted-foreground!',
          ...toastOptions?.classNames,
          error: [
            'border-destructive! bg-destructive! text-destructive-foreground! [&_[data-description]]:text-destructive-foreground!',
            toastOptions?.classNames?.error,
          ]
            .filter(Boolean)
            .join(' '),
        },
      }}
    />
  )
}

export function showToast({
  title,
  description,
  variant = 'default',
}: {
  title: React.ReactNode
  description?: React.ReactNode
  variant?: ToastVariant
}) {
  // One toast at a time: a new toast replaces the one on screen.
  toast.dismiss()
  const options = description === undefined ? undefined : { description }
  if (variant === 'destructive') return toast.error(title, options)
  if (variant === 'success') return toast.success(title, options)
  return toast(title, options)
}
