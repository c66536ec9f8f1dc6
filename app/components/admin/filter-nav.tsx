import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { countText } from '#app/rules/list-counts.ts'
import { cn } from '#app/utils/misc.ts'

/**
 * A list's filter chips: one link per option, the current one pressed (`aria-current="page"`), each
 * with its count when the page knows it. `children` adds chips of its own after them (a removable
 * filter, say).
 * @example <FilterNav label="Filter by status" options={ORDER_FILTERS} current={status} labels={statusLabels} hrefFor={(status) => listHref({ ...place, status })} counts={counts} />
 */
export function FilterNav<Option extends string>({
  label,
  options,
  current,
  labels,
  hrefFor,
  counts,
  className,
  children,
}: {
  label: string
  options: readonly Option[]
  current: Option
  labels: Record<Option, string>
  hrefFor: (option: Option) => string
  counts?: Partial<Record<Option, number>> | null
  className?: string
  children?: ReactNode
}) {
  return (
    <nav aria-label={label} className={cn('flex flex-wrap items-center gap-2', className)}>
      {options.map((option) => (
        <Button key={option} asChild size="sm" variant={option === current ? 'default' : 'outline'}>
          <Link to={hrefFor(option)} aria-current={option === current ? 'page' : undefined}>
            {labels[option]}
            {counts?.[option] !== undefined ? (
              <span className="tabular-nums opacity-80">({countText(counts[option])})</span>
            ) : null}
          </Link>
        </Button>
      ))}
      {children}
    </nav>
  )
}
