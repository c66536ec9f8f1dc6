import { EllipsisVerticalIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '#app/components/ui/dropdown-menu.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'

/**
 * A list row's less frequent actions behind one "More actions for …" button, beside its Edit:
 * its items render only when it is opened, so a page of rows stays light to render (decision 032).
 * Not modal: a confirmation opens from it, and a modal menu would keep the page inert.
 * @example <RowMenu label={`More actions for ${product.title}`} busy={fetcher.state !== 'idle'}><DropdownMenuItem onSelect={…}>Archive</DropdownMenuItem></RowMenu>
 */
export function RowMenu({ label, busy = false, children }: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="ghost" size="icon" aria-label={label}>
          {busy ? <Spinner /> : <EllipsisVerticalIcon aria-hidden />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">{children}</DropdownMenuContent>
    </DropdownMenu>
  )
}
