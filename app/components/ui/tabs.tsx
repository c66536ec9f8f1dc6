import { Tabs as TabsPrimitive } from 'radix-ui'
import { slotted } from './slotted.tsx'

export const Tabs = slotted(TabsPrimitive.Root, 'tabs', 'flex flex-col gap-2')
export const TabsList = slotted(
  TabsPrimitive.List,
  'tabs-list',
  'inline-flex h-9 w-fit items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground',
)
export const TabsTrigger = slotted(
  TabsPrimitive.Trigger,
  'tabs-trigger',
  "inline-flex h-[calc(100%-1px)] flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-md border border-transparent px-2 py-1 font-medium text-foreground text-sm outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:shadow-sm [&_svg:not([class*='size-'])]:size-4 [&_svg]:pointer-events-none [&_svg]:shrink-0",
)
export const TabsContent = slotted(
  TabsPrimitive.Content,
  'tabs-content',
  'flex-1 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
)
