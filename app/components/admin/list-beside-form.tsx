import type { ReactNode } from 'react'
import { cn } from '#app/utils/misc.ts'

// Tailwind finds the classes it builds in the source, so each width is written out.
const columns = {
  '24rem': 'lg:grid-cols-[minmax(0,1fr)_24rem]',
  '26rem': 'lg:grid-cols-[minmax(0,1fr)_26rem]',
  '30rem': 'lg:grid-cols-[minmax(0,1fr)_30rem]',
}

/**
 * A list of cards with its form beside it on a wide screen (below it on a phone): the list's
 * section is named by a heading for screen readers, its filter chips come first, then the rows, or
 * `empty` in a dashed box when there are none.
 * @example <ListBesideForm id="update-list" title="Updates" formWidth="26rem" empty={updates.length === 0 ? 'No updates yet.' : null} form={<UpdateForm />}><ul>…</ul></ListBesideForm>
 */
export function ListBesideForm({
  id,
  title,
  formWidth,
  filter,
  empty,
  after,
  form,
  children,
}: {
  /** The section's id; its heading's is `${id}-title`. */
  id: string
  title: string
  formWidth: keyof typeof columns
  filter?: ReactNode
  /** The text in place of the rows when there are none; null when there are some. */
  empty: ReactNode
  /** What follows the rows or the empty text (the pager). */
  after?: ReactNode
  form: ReactNode
  children: ReactNode
}) {
  return (
    <div className={cn('mt-8 grid gap-8 lg:items-start', columns[formWidth])}>
      <section aria-labelledby={`${id}-title`} className="min-w-0">
        <h2 id={`${id}-title`} className="sr-only">
          {title}
        </h2>
        {filter}
        {empty ? (
          <p
            className={cn(
              'rounded-xl border border-dashed px-6 py-12 text-center text-muted-foreground',
              filter ? 'mt-6' : null,
            )}
          >
            {empty}
          </p>
        ) : (
          children
        )}
        {after}
      </section>
      {form}
    </div>
  )
}
