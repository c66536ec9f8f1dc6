import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { describedBy, Field } from '#app/components/forms/field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { useOutsidePointerDown } from '#app/hooks/use-outside-pointer-down.ts'
import type { loader as recordSearchLoader } from '#app/routes/admin/+shared/record-search.ts'
import { cn } from '#app/utils/misc.ts'

/** What the back-office searches as the admin types: customers by name or e-mail, products by title or SKU. */
export type RecordKind = 'customers' | 'products'

/** One record a picker offers: its id, the label shown, and for a product its price. */
export type RecordChoice = { id: string; label: string; detail?: string; priceCents?: number }

const popup =
  'absolute z-50 mt-1 max-h-64 w-full overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md'

/** How long typing pauses before the server is asked. */
const DEBOUNCE_MS = 150

/**
 * The records matching what the admin types, asked of the server a moment after typing pauses;
 * an empty text asks for the newest. An answer counts only for the text asked last: the matches
 * of what was there before the last keystroke are never offered (Enter would pick a stale one).
 * @example const search = useRecordSearch('products'); search.ask('knob'); search.results
 */
export function useRecordSearch(kind: RecordKind) {
  const fetcher = useFetcher<typeof recordSearchLoader>()
  const [text, setText] = useState<string | null>(null)
  const load = fetcher.load
  useEffect(() => {
    if (text === null) return
    const timer = setTimeout(
      () => load(`/admin/search/${kind}?q=${encodeURIComponent(text.trim())}`),
      text ? DEBOUNCE_MS : 0,
    )
    return () => clearTimeout(timer)
  }, [text, kind, load])
  const current = fetcher.data !== undefined && text !== null && fetcher.data.asked === text.trim()
  return {
    ask: setText,
    results: (current ? fetcher.data?.records : []) as RecordChoice[],
    loaded: current,
  }
}

/**
 * A combobox that picks one record searched on the server (ARIA combobox with a listbox: typing,
 * a click or ArrowDown opens it, arrows move, Enter chooses, Escape closes). The chosen id is
 * posted as `name`, as a native select posted it, so the action reads it as before. Without
 * JavaScript the text itself is posted as `textName`, and the server looks up the record it
 * names exactly.
 * @example <RecordSearchPicker id="invoice-customer" label="Customer" name="userId" kind="customers" chosen={customer} />
 */
export function RecordSearchPicker({
  id,
  label,
  name,
  textName,
  kind,
  chosen: initiallyChosen,
  text: initialText,
  onChoose,
  required,
  error,
  hint,
  placeholder,
  fieldClassName,
}: {
  id: string
  label: string
  name: string
  /** The name the typed text is posted under, for a server that resolves it when nothing was chosen. */
  textName?: string
  kind: RecordKind
  chosen: RecordChoice | null
  /** What the input starts with when nothing is chosen: the text a refused form had posted. */
  text?: string
  onChoose?: (choice: RecordChoice | null) => void
  required?: boolean
  error?: string
  hint?: string
  placeholder?: string
  fieldClassName?: string
}) {
  const [chosen, setChosen] = useState(initiallyChosen)
  const [text, setText] = useState(initiallyChosen?.label ?? initialText ?? '')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const search = useRecordSearch(kind)
  const listId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const options = search.results
  const expanded = open && search.loaded

  // Resetting the form (after a saved review, say) starts the picker afresh too.
  useEffect(() => {
    const form = rootRef.current?.closest('form')
    if (!form) return
    const onReset = () => {
      setChosen(null)
      setText('')
      setOpen(false)
    }
    form.addEventListener('reset', onReset)
    return () => form.removeEventListener('reset', onReset)
  }, [])

  // A dialog around the picker hears Escape first (it listens on the document, capturing), so the
  // open list claims the key earlier, on the window, and only the list closes.
  const inputRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (!expanded) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== inputRef.current) return
      event.preventDefault()
      setOpen(false)
    }
    window.addEventListener('keydown', onKeyDown, true)
    return () => window.removeEventListener('keydown', onKeyDown, true)
  }, [expanded])

  useOutsidePointerDown(rootRef, open, () => setOpen(false))

  function ask(value: string) {
    setOpen(true)
    setActive(-1)
    search.ask(value)
  }

  function choose(choice: RecordChoice | null) {
    setChosen(choice)
    setText(choice?.label ?? '')
    setOpen(false)
    setActive(-1)
    onChoose?.(choice)
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) return ask(text)
      if (options.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (current + step + options.length) % options.length)
    } else if (event.key === 'Enter') {
      // Enter picks the highlighted record; it never submits the form from here.
      event.preventDefault()
      if (expanded && options[active]) choose(options[active])
    } else if (event.key === 'Escape' && expanded) {
      setOpen(false)
    }
  }

  const optionId = (index: number) => `${listId}-${index}`
  return (
    <Field id={id} label={label} required={required} hint={hint} error={error} fieldClassName={fieldClassName}>
      <div ref={rootRef} className="relative">
        <input type="hidden" name={name} value={chosen?.id ?? ''} />
        <Input
          {...describedBy(id, { error, hint: Boolean(hint) })}
          ref={inputRef}
          name={textName}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded && options.length > 0}
          aria-controls={listId}
          aria-activedescendant={expanded && options[active] ? optionId(active) : undefined}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            if (chosen) {
              setChosen(null)
              onChoose?.(null)
            }
            ask(event.target.value)
          }}
          // The list opens on typing, a click or an arrow key, never on focus alone: a dialog
          // focuses its first field as it opens, and a list popping up there covered the form.
          onClick={() => {
            if (!open && !chosen) ask(text)
          }}
          onKeyDown={onKeyDown}
        />
        <div id={listId} role="listbox" hidden={!expanded || options.length === 0} className={popup}>
          {expanded
            ? options.map((option, index) => (
                // Keys are read by the input, which keeps the focus (aria-activedescendant names the option).
                // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the arrows and Enter
                <div
                  key={option.id}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  className={cn(
                    'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
                    index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
                  )}
                  // The input keeps the focus while the pointer picks.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                >
                  {option.label}
                  {option.detail ? <span className="ml-2 text-muted-foreground text-xs">{option.detail}</span> : null}
                </div>
              ))
            : null}
        </div>
        {open && (!search.loaded || options.length === 0) ? (
          <p className={cn(popup, 'px-3 py-2 text-muted-foreground text-sm')}>
            {search.loaded ? 'Nothing matches.' : 'Searching…'}
          </p>
        ) : null}
      </div>
    </Field>
  )
}
