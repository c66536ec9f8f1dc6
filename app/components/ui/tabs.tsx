import type * as React from 'react'
import { createContext, type KeyboardEvent, use, useId, useState } from 'react'
import { cn } from '#app/utils/misc.ts'

// Tabs as WAI-ARIA's tabs pattern with automatic activation, written out instead of Radix's
// (with its roving focus, collection and presence parts, 8 KB of /contact's first load, decision
// 036). Same parts and data attributes as before: a tab is `role="tab"` with `aria-selected` and
// `data-state`, arrow keys, Home and End move between tabs and choose the one they reach, and only
// the chosen panel's content is rendered.

type TabsState = { value: string | undefined; choose: (value: string) => void; id: string }

const TabsContext = createContext<TabsState | null>(null)

function useTabs() {
  const state = use(TabsContext)
  if (!state) throw new Error('A tabs part is used outside <Tabs>')
  return state
}

const idOf = (id: string, part: 'trigger' | 'content', value: string) => `${id}-${part}-${value}`

export function Tabs({
  value,
  defaultValue,
  onValueChange,
  className,
  ...props
}: Omit<React.ComponentProps<'div'>, 'defaultValue'> & {
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
}) {
  const [own, setOwn] = useState(defaultValue)
  const id = useId()
  const current = value ?? own
  const choose = (next: string) => {
    if (next === current) return
    if (value === undefined) setOwn(next)
    onValueChange?.(next)
  }
  return (
    <TabsContext value={{ value: current, choose, id }}>
      <div data-slot="tabs" data-orientation="horizontal" className={cn('flex flex-col gap-2', className)} {...props} />
    </TabsContext>
  )
}

function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])')]
  const at = tabs.indexOf(document.activeElement as HTMLButtonElement)
  if (at === -1) return
  const next = {
    ArrowRight: tabs[(at + 1) % tabs.length],
    ArrowLeft: tabs[(at - 1 + tabs.length) % tabs.length],
    Home: tabs[0],
    End: tabs[tabs.length - 1],
  }[event.key]
  if (!next) return
  event.preventDefault()
  next.focus()
}

export function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      className={cn(
        'inline-flex h-9 w-fit items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground',
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event)
        if (!event.defaultPrevented) moveFocus(event)
      }}
      {...props}
    />
  )
}

export function TabsTrigger({
  value,
  className,
  disabled,
  onMouseDown,
  onFocus,
  onKeyDown,
  ...props
}: React.ComponentProps<'button'> & { value: string }) {
  const tabs = useTabs()
  const active = tabs.value === value
  return (
    <button
      type="button"
      role="tab"
      id={idOf(tabs.id, 'trigger', value)}
      aria-selected={active}
      aria-controls={idOf(tabs.id, 'content', value)}
      data-state={active ? 'active' : 'inactive'}
      data-disabled={disabled ? '' : undefined}
      data-slot="tabs-trigger"
      disabled={disabled}
      tabIndex={active ? 0 : -1}
      className={cn(
        "inline-flex h-[calc(100%-1px)] flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-md border border-transparent px-2 py-1 font-medium text-foreground text-sm outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:shadow-sm [&_svg:not([class*='size-'])]:size-4 [&_svg]:pointer-events-none [&_svg]:shrink-0",
        className,
      )}
      // As Radix does: a tab is chosen as the button goes down, and when focus reaches it.
      onMouseDown={(event) => {
        onMouseDown?.(event)
        if (!disabled && event.button === 0 && !event.ctrlKey && !event.defaultPrevented) tabs.choose(value)
        else event.preventDefault()
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event)
        if (!disabled && (event.key === ' ' || event.key === 'Enter')) tabs.choose(value)
      }}
      onFocus={(event) => {
        onFocus?.(event)
        if (!disabled && !active) tabs.choose(value)
      }}
      {...props}
    />
  )
}

export function TabsContent({ value, className, children, ...props }: React.ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs()
  const active = tabs.value === value
  return (
    <div
      role="tabpanel"
      id={idOf(tabs.id, 'content', value)}
      aria-labelledby={idOf(tabs.id, 'trigger', value)}
      data-state={active ? 'active' : 'inactive'}
      data-orientation="horizontal"
      data-slot="tabs-content"
      hidden={!active}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern lets a panel without focusable content take focus after its tab
      tabIndex={0}
      className={cn('flex-1 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50', className)}
      {...props}
    >
      {active && children}
    </div>
  )
}
