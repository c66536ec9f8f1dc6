import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { countText } from '#app/rules/list-counts.ts'

/**
 * Selecting rows of a back-office list for a bulk action: some rows of this page, the whole page,
 * or every row matching the list's filter (the server then finds them from the list's query).
 * A new page or filter starts with nothing selected.
 */
export type RowSelection = ReturnType<typeof useRowSelection>

export function useRowSelection(pageIds: readonly string[], total: number) {
  const key = pageIds.join(',')
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set())
  const [allMatching, setAllMatching] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's rows are what `key` stands for.
  useEffect(() => {
    setIds(new Set())
    setAllMatching(false)
  }, [key])
  return useMemo(() => {
    const pageSelected = pageIds.length > 0 && pageIds.every((id) => ids.has(id))
    return {
      ids,
      allMatching,
      total,
      count: allMatching ? total : ids.size,
      pageSelected,
      somePageSelected: !pageSelected && pageIds.some((id) => ids.has(id)),
      canSelectAllMatching: pageSelected && !allMatching && total > pageIds.length,
      has: (id: string) => allMatching || ids.has(id),
      toggle(id: string) {
        setAllMatching(false)
        setIds((before) => {
          const next = new Set(before)
          if (next.has(id)) next.delete(id)
          else next.add(id)
          return next
        })
      },
      togglePage() {
        setAllMatching(false)
        setIds(pageSelected ? new Set() : new Set(pageIds))
      },
      selectAllMatching: () => setAllMatching(true),
      clear() {
        setAllMatching(false)
        setIds(new Set())
      },
    }
  }, [ids, allMatching, total, pageIds])
}

/** The header's box: ticks or clears every row of this page. */
export function SelectPageCheckbox({ selection, label }: { selection: RowSelection; label: string }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      className="size-4 accent-primary"
      checked={selection.pageSelected || selection.allMatching}
      ref={(box) => {
        if (box) box.indeterminate = selection.somePageSelected
      }}
      onChange={selection.togglePage}
    />
  )
}

export function SelectRowCheckbox({ selection, id, label }: { selection: RowSelection; id: string; label: string }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      className="size-4 accent-primary"
      checked={selection.has(id)}
      onChange={() => selection.toggle(id)}
    />
  )
}

/** One bulk action: its button, and the confirmation it asks for (with fields of its own, if any). */
export type BulkAction = {
  intent: string
  label: string
  icon?: ReactNode
  title: (count: number) => string
  description: ReactNode
  confirmLabel: string
  destructive?: boolean
  /** Fields the confirmation asks for (the category to move to, the status to set). */
  fields?: ReactNode
  /** A file to download instead of a change: the path whose action answers with it (a CSV export). */
  download?: string
}

/**
 * The bar shown while rows are selected: how many, 'Select all N matching', and the actions.
 * Each action posts once confirmed: the ticked ids, or `scope=all` with the list's query.
 */
export function BulkActionBar({
  selection,
  actions,
  query,
  noun,
}: {
  selection: RowSelection
  actions: BulkAction[]
  /** The list's query string (filter and search), for 'all matching'. */
  query: string
  noun: { one: string; many: string }
}) {
  const [chosen, setChosen] = useState<BulkAction | null>(null)
  if (selection.count === 0) return null
  const counted = (count: number) => `${countText(count)} ${count === 1 ? noun.one : noun.many}`
  return (
    <section
      aria-label="Bulk actions"
      className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border bg-accent/40 px-4 py-2 text-sm"
    >
      <p className="font-medium" aria-live="polite">
        {selection.allMatching ? `All ${counted(selection.count)} selected` : `${counted(selection.count)} selected`}
      </p>
      {selection.canSelectAllMatching ? (
        <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={selection.selectAllMatching}>
          Select all {counted(selection.total)} matching
        </Button>
      ) : null}
      <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={selection.clear}>
        Clear selection
      </Button>
      <div className="flex flex-wrap gap-2 sm:ml-auto">
        {actions.map((action) => (
          <Button key={action.intent} type="button" size="sm" variant="outline" onClick={() => setChosen(action)}>
            {action.icon}
            {action.label}
          </Button>
        ))}
      </div>
      {chosen ? (
        <BulkConfirmDialog action={chosen} selection={selection} query={query} onClose={() => setChosen(null)} />
      ) : null}
    </section>
  )
}

/** One confirmation for a bulk action: the selection (ticked ids, or every row of the list's query) is posted with it. */
function BulkConfirmDialog({
  action,
  selection,
  query,
  onClose,
}: {
  action: BulkAction
  selection: RowSelection
  query: string
  onClose: () => void
}) {
  return (
    <ConfirmDialog
      onClose={onClose}
      onDone={selection.clear}
      title={action.title(selection.count)}
      description={action.description}
      confirmLabel={action.confirmLabel}
      confirmVariant={action.destructive ? 'destructive' : 'default'}
      intent={action.intent}
      fields={selection.allMatching ? { scope: 'all', query } : { ids: [...selection.ids] }}
      download={action.download}
    >
      {action.fields}
    </ConfirmDialog>
  )
}
