import { SearchIcon } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { Link, useFetcher, useLocation, useNavigate } from 'react-router'
import { Input } from '#app/components/ui/input.tsx'
import { useOutsidePointerDown } from '#app/hooks/use-outside-pointer-down.ts'
import type { loader as suggestionsLoader } from '#app/routes/resources/search-suggestions.ts'
import { formatMoney } from '#app/rules/money.ts'
import { cn } from '#app/utils/misc.ts'

export function SearchBox() {
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const fetcher = useFetcher<typeof suggestionsLoader>()
  const navigate = useNavigate()
  const location = useLocation()
  const rootRef = useRef<HTMLFormElement>(null)
  const listId = useId()

  // A route change closes the dropdown and clears the text.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    setOpen(false)
    setText('')
  }, [location.key])

  useOutsidePointerDown(rootRef, open, () => setOpen(false))

  const load = fetcher.load
  useEffect(() => {
    const query = text.trim()
    if (!query) return
    const timer = setTimeout(() => load(`/resources/search-suggestions?q=${encodeURIComponent(query)}`), 120)
    return () => clearTimeout(timer)
  }, [text, load])

  const query = text.trim()
  const results = fetcher.data
  const showDropdown = open && query.length > 0 && results !== undefined
  const empty = results && results.products.length === 0 && results.admin.length === 0

  return (
    <search>
      <form
        ref={rootRef}
        method="get"
        action="/search"
        className="relative"
        onSubmit={(event) => {
          event.preventDefault()
          if (!query) return
          navigate(`/search?q=${encodeURIComponent(text)}`)
        }}
      >
        <label htmlFor={`${listId}-input`} className="sr-only">
          Search
        </label>
        <SearchIcon
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
          aria-hidden
        />
        <Input
          id={`${listId}-input`}
          name="q"
          type="search"
          placeholder="Search..."
          autoComplete="off"
          value={text}
          // The input keeps the searchbox role (a combobox would need its suggestions to be
          // options, and they are links in sections), so it names the panel it controls but
          // cannot carry aria-expanded, which only some roles allow.
          aria-controls={showDropdown ? listId : undefined}
          onChange={(event) => {
            setText(event.target.value)
            setOpen(true)
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false)
          }}
          className="h-9 w-40 pl-8 md:w-64"
        />
        {showDropdown ? (
          <div
            id={listId}
            data-testid="search-dropdown"
            className="absolute right-0 z-50 mt-1 w-72 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-lg md:left-0"
          >
            {empty ? <p className="px-3 py-4 text-center text-muted-foreground text-sm">No results found.</p> : null}
            {results.products.length > 0 ? (
              <SuggestionGroup name="Products">
                {results.products.map((product) => (
                  <SuggestionLink
                    key={product.id}
                    to={`/products/${product.id}`}
                    className="flex items-center justify-between gap-2"
                  >
                    <span className="truncate">{product.title}</span>
                    <span className="shrink-0 text-muted-foreground">{formatMoney(product.priceCents)}</span>
                  </SuggestionLink>
                ))}
              </SuggestionGroup>
            ) : null}
            {results.admin.length > 0 ? (
              <SuggestionGroup name="Admin" divided>
                {results.admin.map((shortcut) => (
                  <SuggestionLink key={shortcut.to} to={shortcut.to} className="block">
                    {shortcut.name}
                  </SuggestionLink>
                ))}
              </SuggestionGroup>
            ) : null}
          </div>
        ) : null}
      </form>
    </search>
  )
}

/** One titled group of the dropdown; a group after the first is set off by a rule. */
function SuggestionGroup({
  name,
  divided = false,
  children,
}: {
  name: string
  divided?: boolean
  children: ReactNode
}) {
  return (
    <section aria-label={name}>
      <h2
        className={cn(
          'px-3 pt-2 pb-1 font-semibold text-muted-foreground text-xs uppercase tracking-wide',
          divided && 'border-t',
        )}
      >
        {name}
      </h2>
      <ul>{children}</ul>
    </section>
  )
}

function SuggestionLink({ to, className, children }: { to: string; className: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={cn('px-3 py-2 text-sm hover:bg-accent focus:bg-accent focus:outline-none', className)}>
        {children}
      </Link>
    </li>
  )
}
