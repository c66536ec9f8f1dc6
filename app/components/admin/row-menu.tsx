import { EllipsisVerticalIcon } from 'lucide-react'
import { type ComponentProps, type ReactNode, useRef, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '#app/components/ui/dropdown-menu.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'

/** The keys that open a menu from its button, as Radix's trigger has them. */
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown'])

/**
 * A list row's less frequent actions behind one "More actions for …" button, beside its Edit.
 * Until the admin reaches for the button it is a plain button: Radix's menu, even closed, is a
 * dozen components of contexts, popper and collection, and a page of 25 rows rendered them for
 * 4 ms of every /admin/products render (decision 032). The first press (pointer, or Enter, Space
 * or ArrowDown) puts the real menu in its place, open; its items render only then. Opened from
 * the keyboard, the first item takes the focus, as Radix does it.
 * Not modal: a confirmation opens from it, and a modal menu would keep the page inert.
 * @example <RowMenu label={`More actions for ${product.title}`} busy={fetcher.state !== 'idle'}><DropdownMenuItem onSelect={…}>Archive</DropdownMenuItem></RowMenu>
 */
export function RowMenu({ label, busy = false, children }: { label: string; busy?: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(false)
  // The first opening's key press, which Radix did not see; later ones it sees itself.
  const byKeyboard = useRef(false)
  const button: ComponentProps<typeof Button> = {
    type: 'button',
    variant: 'ghost',
    size: 'icon',
    'aria-label': label,
    children: busy ? <Spinner /> : <EllipsisVerticalIcon aria-hidden />,
  }
  if (!opened) {
    return (
      <Button
        {...button}
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerDown={(event) => {
          if (event.button !== 0 || event.ctrlKey) return
          // As Radix's trigger: the press opens the menu without moving the focus to the button.
          event.preventDefault()
          setOpened(true)
        }}
        onKeyDown={(event) => {
          if (!OPEN_KEYS.has(event.key)) return
          event.preventDefault()
          byKeyboard.current = true
          setOpened(true)
        }}
      />
    )
  }
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>
        <Button {...button} />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        onFocus={(event) => {
          // Radix moves the focus into the menu when it opens, and onto its first item only when it
          // saw a key pressed; this press came before it was there.
          if (!byKeyboard.current || event.target !== event.currentTarget) return
          byKeyboard.current = false
          const first = event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')
          first?.focus()
        }}
      >
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
