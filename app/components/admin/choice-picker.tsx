import { SearchIcon, XIcon } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { type RecordKind, useRecordSearch } from '#app/components/admin/record-search-picker.tsx'
import { Input } from '#app/components/ui/input.tsx'

export type Choice = { id: string; name: string }

/** Enough to scan; typing narrows the rest (a catalogue can hold thousands). */
const SHOWN = 50

/**
 * Picks several records from a list: the chosen ones stay on top as removable chips, a search box
 * narrows the list, and each chosen id is posted as `name` (so the chips count even when the search
 * hides them). With `search`, the list is what the server finds for the search box (a catalogue of
 * any size), and `choices` need only name the records chosen already.
 * @example <ChoicePicker legend="Categories" name="categoryIds" choices={categories} chosen={promotion.categoryIds} />
 * @example <ChoicePicker legend="Products" name="productIds" search="products" choices={chosenProducts} chosen={promotion.productIds} />
 */
export function ChoicePicker({
  legend,
  name,
  choices,
  chosen: initiallyChosen,
  noun,
  search: searchKind,
}: {
  legend: string
  name: string
  choices: Choice[]
  chosen: string[]
  /** What one choice is called, for the screen reader's labels: 'product'. */
  noun: string
  /** The records the server searches for what is typed, instead of filtering `choices` here. */
  search?: RecordKind
}) {
  const [chosen, setChosen] = useState(() => new Set(initiallyChosen))
  const [search, setSearch] = useState('')
  const searchId = useId()
  const server = useRecordSearch(searchKind ?? 'products')
  const found = useMemo(() => server.results.map((record) => ({ id: record.id, name: record.label })), [server.results])
  // The names of records found once stay known, so a chip keeps its name when the search moves on.
  const seen = useRef(new Map<string, string>())
  for (const choice of found) seen.current.set(choice.id, choice.name)
  const nameOf = useMemo(() => new Map(choices.map((choice) => [choice.id, choice.name])), [choices])
  const nameOfId = (id: string) => nameOf.get(id) ?? seen.current.get(id)
  const ask = server.ask
  useEffect(() => {
    if (searchKind) ask(search)
  }, [searchKind, search, ask])
  const matching = useMemo(() => {
    if (searchKind) return found
    const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean)
    return choices.filter((choice) => words.every((word) => choice.name.toLowerCase().includes(word)))
  }, [choices, search, searchKind, found])

  function toggle(id: string, on: boolean) {
    setChosen((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  }

  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-1 font-medium text-sm">
        {legend} <span className="font-normal text-muted-foreground">({chosen.size} chosen)</span>
      </legend>
      {[...chosen].map((id) => (
        <input key={id} type="hidden" name={name} value={id} />
      ))}
      {chosen.size > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={`Chosen ${legend.toLowerCase()}`}>
          {[...chosen].map((id) => (
            <li key={id} className="flex items-center gap-1 rounded-full border bg-muted py-0.5 pr-1 pl-2.5 text-sm">
              <span className="max-w-48 truncate">{nameOfId(id) ?? 'Deleted'}</span>
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-background"
                onClick={() => toggle(id, false)}
                aria-label={`Remove ${noun} ${nameOfId(id) ?? ''}`.trim()}
              >
                <XIcon className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative">
        <SearchIcon className="-translate-y-1/2 absolute top-1/2 left-2.5 size-4 text-muted-foreground" aria-hidden />
        <label htmlFor={searchId} className="sr-only">
          Search {legend.toLowerCase()}
        </label>
        <Input
          id={searchId}
          type="search"
          className="pl-8"
          placeholder={`Search ${legend.toLowerCase()}…`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          // Enter in the search box narrows the list; it must not submit the dialog's form.
          onKeyDown={(event) => (event.key === 'Enter' ? event.preventDefault() : undefined)}
          autoComplete="off"
        />
      </div>
      <div className="grid max-h-48 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2">
        {matching.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            {searchKind
              ? server.loaded
                ? 'Nothing matches.'
                : 'Searching…'
              : choices.length === 0
                ? 'None yet.'
                : 'Nothing matches.'}
          </p>
        ) : null}
        {matching.slice(0, SHOWN).map((choice) => (
          <label key={choice.id} className="flex min-w-0 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={chosen.has(choice.id)}
              onChange={(event) => toggle(choice.id, event.target.checked)}
            />
            <span className="truncate">{choice.name}</span>
          </label>
        ))}
      </div>
      {matching.length > SHOWN ? (
        <p className="text-muted-foreground text-xs">
          Showing {SHOWN} of {matching.length}; type to narrow the list.
        </p>
      ) : null}
    </fieldset>
  )
}
