import type * as React from 'react'
import { cn } from '#app/utils/misc.ts'
import { type RowSelection, SelectPageCheckbox } from './bulk-actions.tsx'

/** A column heading; `hidden` keeps it for screen readers only (an image or an actions column). */
export type Heading = string | { label: string; hidden?: boolean; className?: string }

/**
 * The back-office list table: a caption for screen readers, one heading row, and the rows the page
 * renders. It scrolls sideways inside its own box on a narrow screen (issue 13: no page is wider
 * than a phone), so `minWidth` is the width below which its columns would squeeze. With a
 * `selection` its first column selects the page's rows for a bulk action; with `actions` its last
 * column holds each row's buttons.
 * @example
 * <DataTable caption="Orders, newest first" headings={['Order', 'Customer']} minWidth="min-w-[56rem]">
 *   {orders.map((order) => <tr key={order.id}>…</tr>)}
 * </DataTable>
 */
export function DataTable({
  caption,
  headings,
  minWidth = 'min-w-[44rem]',
  selection,
  selectPageLabel = 'Select every row on this page',
  actions = false,
  children,
}: {
  caption: string
  headings: readonly Heading[]
  minWidth?: string
  selection?: RowSelection
  selectPageLabel?: string
  actions?: boolean
  children: React.ReactNode
}) {
  const columns = [...headings, ...(actions ? [{ label: 'Actions', hidden: true }] : [])]
  return (
    <div className="relative overflow-x-auto">
      <table className={cn('w-full text-left text-sm', minWidth)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b text-muted-foreground">
          <tr>
            {selection ? (
              <th scope="col" className="w-8 py-2 pr-3">
                <SelectPageCheckbox selection={selection} label={selectPageLabel} />
              </th>
            ) : null}
            {columns.map((heading, index) => {
              const { label, hidden, className } = typeof heading === 'string' ? { label: heading } : heading
              const last = index === columns.length - 1
              return (
                <th key={label} scope="col" className={cn('py-2 font-medium', !last && 'pr-4', className)}>
                  {hidden ? <span className="sr-only">{label}</span> : label}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
