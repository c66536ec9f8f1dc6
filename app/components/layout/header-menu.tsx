import type { ReactNode } from 'react'
import { Link } from 'react-router'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#app/components/ui/dropdown-menu.tsx'

export type HeaderMenuProps = {
  /** The trigger's accessible name when its content is only an icon. */
  label?: string
  className: string
  trigger: ReactNode
  links: ReadonlyArray<{ name: string; to: string }>
  align: 'start' | 'end'
}

/**
 * A header menu with its Radix parts, loaded the first time a visitor reaches for it
 * (site-header.tsx), which is also when it opens.
 */
export default function HeaderMenu({ label, className, trigger, links, align }: HeaderMenuProps) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger aria-label={label} className={className}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent align={align}>
        {links.map((link) => (
          <DropdownMenuItem key={link.to} asChild>
            <Link to={link.to}>{link.name}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
