import { SearchIcon, XIcon } from 'lucide-react'
import type { FormEvent, ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { cn } from '#app/utils/misc.ts'

/** What a list is narrowed to: the search and the date range, as the page's loader read them. */
export type ListFilter = { q: string; from: string | null; to: string | null }

type Props = {
  /** Prefix of the fields' ids, unique on the page. */
  id: string
  /** The list's own path, for 'Clear'. */
  action: string
  searchLabel: string
  searchMaxLength: number
  filter: ListFilter
  /** Query parameters the form keeps as they are (the status and payment buttons' choice). */
  keep: Record<string, string | null>
  /** More fields between the dates and the buttons (which date the range reads). */
  children?: ReactNode
}

/**
 * A back-office list's search and date range, sent as a GET form so the result is a link to
 * share or bookmark, and works before JavaScript has loaded.
 */
export function ListFilterForm(props: Props) {
  const { q, from, to } = props.filter
  const filtered = Boolean(q || from || to)
  const kept = Object.entries(props.keep).filter((entry): entry is [string, string] => Boolean(entry[1]))
  return (
    <Form
      method="get"
      action={props.action}
      role="search"
      className="flex flex-wrap items-end gap-3"
      onSubmit={leaveOutEmptyFields}
    >
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="grid w-full gap-1.5 sm:w-64">
        <Label htmlFor={`${props.id}-search`}>{props.searchLabel}</Label>
        <Input
          id={`${props.id}-search`}
          name="q"
          type="search"
          defaultValue={q}
          maxLength={props.searchMaxLength}
          key={q}
        />
      </div>
      <DateField id={`${props.id}-from`} label="From" name="from" value={from} />
      <DateField id={`${props.id}-to`} label="To" name="to" value={to} />
      {props.children}
      <div className="flex gap-2">
        <Button type="submit" variant="outline">
          <SearchIcon aria-hidden /> Search
        </Button>
        {filtered ? (
          <Button asChild variant="ghost">
            <Link to={`${props.action}${queryOf(kept)}`}>
              <XIcon aria-hidden /> Clear
            </Link>
          </Button>
        ) : null}
      </div>
    </Form>
  )
}

function DateField({ id, label, name, value }: { id: string; label: string; name: string; value: string | null }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name={name} type="date" defaultValue={value ?? ''} key={`${name}-${value}`} className="w-40" />
    </div>
  )
}

/**
 * A list's search alone, as a GET form: the label is for screen readers, the field says what it finds.
 * @example <ListSearchForm id="user-search" label="Search users by name or e-mail" placeholder="Search by name or e-mail" search={q} maxLength={100} keep={{ role }} />
 */
export function ListSearchForm({
  id,
  label,
  placeholder,
  search,
  maxLength,
  keep,
  compact = false,
  className,
}: {
  id: string
  label: string
  placeholder: string
  search: string
  maxLength: number
  /** Query parameters the form keeps as they are (the filter buttons' choice). */
  keep: Record<string, string | null>
  /** The small size, beside a list's filter buttons. */
  compact?: boolean
  className?: string
}) {
  const kept = Object.entries(keep).filter((entry): entry is [string, string] => Boolean(entry[1]))
  return (
    <Form method="get" role="search" className={cn('flex gap-2', className)}>
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        name="q"
        type="search"
        placeholder={placeholder}
        defaultValue={search}
        maxLength={maxLength}
        key={search}
        className={compact ? 'h-8 w-48' : undefined}
      />
      <Button type="submit" variant="outline" size={compact ? 'sm' : 'default'}>
        <SearchIcon aria-hidden /> Search
      </Button>
    </Form>
  )
}

/**
 * Empty fields stay out of the address (`?q=1001`, not `?q=1001&from=&to=`): they are disabled
 * while the form is read, which React Router does as this handler returns. Without JavaScript
 * the browser sends them empty, and the server reads an empty field as no filter.
 */
function leaveOutEmptyFields(event: FormEvent<HTMLFormElement>) {
  const empty = [...event.currentTarget.elements].filter(
    (field): field is HTMLInputElement | HTMLSelectElement =>
      (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) &&
      field.name !== '' &&
      field.value === '',
  )
  for (const field of empty) field.disabled = true
  setTimeout(() => {
    for (const field of empty) field.disabled = false
  })
}

function queryOf(entries: [string, string][]) {
  const text = new URLSearchParams(entries).toString()
  return text ? `?${text}` : ''
}
