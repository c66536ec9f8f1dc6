import { SearchIcon, XIcon } from 'lucide-react'
import type { FormEvent, ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'

type Props = {
  /** Prefix of the fields' ids, unique on the page. */
  id: string
  /** The list's own path, for 'Clear'. */
  action: string
  searchLabel: string
  search: string
  searchMaxLength: number
  from: string | null
  to: string | null
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
  const filtered = Boolean(props.search || props.from || props.to)
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
          defaultValue={props.search}
          maxLength={props.searchMaxLength}
          key={props.search}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${props.id}-from`}>From</Label>
        <Input
          id={`${props.id}-from`}
          name="from"
          type="date"
          defaultValue={props.from ?? ''}
          key={`from-${props.from}`}
          className="w-40"
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${props.id}-to`}>To</Label>
        <Input
          id={`${props.id}-to`}
          name="to"
          type="date"
          defaultValue={props.to ?? ''}
          key={`to-${props.to}`}
          className="w-40"
        />
      </div>
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
