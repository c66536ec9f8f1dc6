import { cn } from '#app/utils/misc.ts'

/** The centred title and lead of a storefront list page (guides, policies, services, updates). */
export function PageHeader({ title, lead, className }: { title: string; lead: string; className?: string }) {
  return (
    <header className={cn('mx-auto max-w-3xl space-y-3 text-center', className)}>
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
      <p className="text-lg text-muted-foreground">{lead}</p>
    </header>
  )
}
