import { Newspaper } from 'lucide-react'
import { ContentImage } from '#app/components/content/content-image.tsx'
import { listVisibleUpdates } from '#app/modules/content/index.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { PageHeader } from './+shared/page-header.tsx'
import type { Route } from './+types/updates.ts'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

export function meta() {
  return pageMeta({
    title: 'Updates · LayerWorks 3D',
    description: 'News from the LayerWorks 3D workshop: new services, materials, products and announcements.',
  })
}

export async function loader() {
  return { updates: await listVisibleUpdates() }
}

export default function Updates({ loaderData }: Route.ComponentProps) {
  const { updates } = loaderData
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHeader title="News & Updates" lead="What is new at LayerWorks 3D." className="mb-10" />
      {updates.length === 0 ? (
        <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border bg-muted/40 p-10 text-center">
          <Newspaper aria-hidden className="size-10 text-muted-foreground" />
          <h2 className="font-semibold text-xl">No Updates Yet</h2>
          <p className="text-muted-foreground">Check back soon for news from our workshop.</p>
        </div>
      ) : (
        <ol className="relative mx-auto max-w-3xl space-y-10 border-l pl-6 sm:pl-8">
          {updates.map((update) => (
            <li key={update.id} className="relative">
              <span
                aria-hidden
                className="absolute top-1.5 -left-[calc(1.5rem+5px)] size-2.5 rounded-full bg-primary ring-4 ring-background sm:-left-[calc(2rem+5px)]"
              />
              <article className="space-y-3">
                <time dateTime={update.date} className="font-medium text-primary text-sm">
                  {dateFormat.format(new Date(update.date))}
                </time>
                <h2 className="font-semibold text-xl">{update.title}</h2>
                {update.content.split(/\n\s*\n/).map((paragraph, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text never reorder
                  <p key={index} className="whitespace-pre-line text-muted-foreground leading-relaxed">
                    {paragraph}
                  </p>
                ))}
                {update.image ? <ContentImage image={update.image} sizes="(min-width: 768px) 48rem, 100vw" /> : null}
              </article>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
