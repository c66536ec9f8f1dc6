import { ArrowRight, BookOpen } from 'lucide-react'
import { Link } from 'react-router'
import { z } from 'zod'
import { Badge } from '#app/components/ui/badge.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '#app/components/ui/card.tsx'
import { listGuideCategories, listVisibleGuides } from '#app/modules/content/index.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { PageHeader } from './+shared/page-header.tsx'
import type { Route } from './+types/guides.ts'

const GuidesQuerySchema = z.object({ category: z.guid().optional().catch(undefined) })

export function meta() {
  return pageMeta({
    title: 'Guides · LayerWorks 3D',
    description:
      'Step-by-step guides on 3D printing, 3D scanning and design: getting started, materials, finishing and troubleshooting.',
  })
}

export async function loader({ request }: Route.LoaderArgs) {
  const query = GuidesQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const categories = await listGuideCategories()
  // An unknown category shows every guide, as 'All Guides' does.
  const activeCategoryId = categories.find((category) => category.id === query.category)?.id ?? null
  const guides = await listVisibleGuides({ categoryId: activeCategoryId ?? undefined })
  return { categories, activeCategoryId, guides }
}

export default function Guides({ loaderData }: Route.ComponentProps) {
  const { categories, activeCategoryId, guides } = loaderData
  const filters = [{ id: null, name: 'All Guides' }, ...categories]
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10">
      <PageHeader
        title="Guides & Tutorials"
        lead="Learn how to get the most out of 3D printing, scanning and design."
      />

      <nav aria-label="Guide categories">
        <ul className="flex flex-wrap justify-center gap-2">
          {filters.map((filter) => {
            const active = filter.id === activeCategoryId
            return (
              <li key={filter.id ?? 'all'}>
                <Link
                  to={filter.id ? `/guides?category=${filter.id}` : '/guides'}
                  aria-current={active ? 'page' : undefined}
                  preventScrollReset
                  className={buttonVariants({ variant: active ? 'default' : 'outline', size: 'sm' })}
                >
                  {filter.name}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>

      {guides.length === 0 ? (
        <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border bg-muted/40 p-10 text-center">
          <BookOpen aria-hidden className="size-10 text-muted-foreground" />
          <h2 className="font-semibold text-xl">No Guides Found</h2>
          <p className="text-muted-foreground">There are no guides in this category yet. Try another one.</p>
        </div>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {guides.map((guide) => (
            <li key={guide.id} className="flex">
              <Card className="relative w-full transition-shadow focus-within:ring-[3px] focus-within:ring-ring/50 hover:shadow-md">
                <CardHeader className="gap-3">
                  {guide.categoryName ? <Badge variant="secondary">{guide.categoryName}</Badge> : null}
                  <h2 className="font-semibold text-lg leading-snug">
                    <Link to={`/guides/${guide.id}`} className="outline-none after:absolute after:inset-0">
                      {guide.title}
                    </Link>
                  </h2>
                </CardHeader>
                <CardContent className="flex-1">
                  <CardDescription className="line-clamp-3">{guide.description}</CardDescription>
                </CardContent>
                <CardFooter className="justify-between text-muted-foreground text-sm">
                  <span>{guide.stepCount === 1 ? '1 step' : `${guide.stepCount} steps`}</span>
                  <span className="flex items-center gap-1 font-medium text-primary" aria-hidden>
                    Read guide <ArrowRight className="size-4" />
                  </span>
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
