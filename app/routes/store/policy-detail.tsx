import { ArrowLeft } from 'lucide-react'
import { data, Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { retrievePolicy } from '#app/modules/content/index.server.ts'
import type { Route } from './+types/policy-detail.ts'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

export function meta({ loaderData }: Route.MetaArgs) {
  const policy = loaderData?.policy
  const title = policy ? `${policy.title} · LayerWorks 3D` : 'Policy not found · LayerWorks 3D'
  const description = policy?.summary || 'This policy does not exist or has moved.'
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ]
}

export async function loader({ params }: Route.LoaderArgs) {
  const policy = await retrievePolicy(params.policyId)
  if (!policy) return data({ policy: null }, { status: 404 })
  return { policy }
}

export default function PolicyDetail({ loaderData }: Route.ComponentProps) {
  const { policy } = loaderData
  if (!policy) {
    return (
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="font-bold text-3xl tracking-tight">Policy not found</h1>
        <p className="text-muted-foreground">This policy does not exist or has moved.</p>
        <Button asChild variant="outline">
          <Link to="/policies">
            <ArrowLeft aria-hidden />
            Back to Policies
          </Link>
        </Button>
      </div>
    )
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <article className="mx-auto max-w-3xl space-y-6">
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/policies">
            <ArrowLeft aria-hidden />
            All Policies
          </Link>
        </Button>
        <header className="space-y-2">
          <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{policy.title}</h1>
          <p className="text-muted-foreground text-sm">
            {'Last updated '}
            <time dateTime={policy.updatedAt}>{dateFormat.format(new Date(policy.updatedAt))}</time>
          </p>
        </header>
        <div className="space-y-4 leading-relaxed">
          {policy.content.split(/\n\s*\n/).map((paragraph, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text never reorder
            <p key={index} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
      </article>
    </div>
  )
}
