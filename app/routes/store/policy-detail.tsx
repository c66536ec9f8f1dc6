import { data } from 'react-router'
import { NotFoundState } from '#app/components/not-found-state.tsx'
import { retrievePolicy } from '#app/modules/content/index.server.ts'
import { BackToList, contentMeta, type MissingContent } from './+shared/content-detail.tsx'
import type { Route } from './+types/policy-detail.ts'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

const MISSING_POLICY: MissingContent = {
  title: 'Policy not found',
  text: 'This policy does not exist or has moved.',
  backTo: '/policies',
  backLabel: 'Back to Policies',
}

export function meta({ loaderData }: Route.MetaArgs) {
  return contentMeta(loaderData?.policy, MISSING_POLICY, (policy) => policy.summary)
}

export async function loader({ params }: Route.LoaderArgs) {
  const policy = await retrievePolicy(params.policyId)
  if (!policy) return data({ policy: null }, { status: 404 })
  return { policy }
}

export default function PolicyDetail({ loaderData }: Route.ComponentProps) {
  const { policy } = loaderData
  if (!policy) {
    return <NotFoundState {...MISSING_POLICY} />
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <article className="mx-auto max-w-3xl space-y-6">
        <BackToList to="/policies">All Policies</BackToList>
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
